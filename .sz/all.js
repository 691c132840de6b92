export * from '@radix-ui/react-toolbar'; export * from '@radix-ui/react-tooltip'; export * from '@radix-ui/react-dialog';
