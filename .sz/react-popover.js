export * from '@radix-ui/react-popover';
