export * from '@radix-ui/react-tooltip';
