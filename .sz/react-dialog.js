export * from '@radix-ui/react-dialog';
