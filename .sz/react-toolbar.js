export * from '@radix-ui/react-toolbar';
