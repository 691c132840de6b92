export * from '@radix-ui/react-context-menu';
