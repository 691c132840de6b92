import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { RefObject } from 'react';
import { ActionMenuItem } from './ActionMenuItem';
import type { ToolItem } from './toolbarModel';

interface OverflowMenuContentProps {
  items: readonly ToolItem[];
  pressed: Partial<Record<string, boolean>>;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The More button, which takes the focus back when the menu closes. */
  button: RefObject<HTMLButtonElement | null>;
}

/** The toolbar's overflow menu (Radix DropdownMenu): the buttons that do not fit the row, with their shortcuts. */
export default function OverflowMenuContent({ items, pressed, open, onOpenChange, button }: OverflowMenuContentProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>
        <span className="tool-menu-anchor" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="action-menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onInteractOutside={(e) => {
            // A press on the More button itself closes the menu through the button's own click.
            if (button.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            button.current?.focus();
          }}
        >
          {items.map(([name, icon]) => (
            <ActionMenuItem key={name} Item={DropdownMenu.Item} name={name} icon={icon} pressed={pressed[name]} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
