export * from '@radix-ui/react-dropdown-menu';
