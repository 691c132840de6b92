import * as Popover from '@radix-ui/react-popover';
import { useRef, type RefObject } from 'react';
import { ProportionsPanel } from './ProportionsPanel';

interface ProportionsPopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The Proportions button: the popover is placed beside it, and it takes the focus back on close. */
  button: RefObject<HTMLButtonElement | null>;
  /** The popover's id, which the button's aria-controls names while it is open. */
  id: string;
  /** The popover's accessible name. */
  label: string;
}

/** The Proportions popover (Radix Popover, non-modal), in its own chunk: loaded on the first intent to open it. */
export default function ProportionsPopover({ open, onOpenChange, button, id, label }: ProportionsPopoverProps) {
  // As with a Radix trigger: after a press elsewhere the focus stays there; otherwise it returns to the button.
  const interactedOutside = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={button} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          className="editor-proportions-popover"
          side="right"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={label}
          onInteractOutside={(e) => {
            // A press on the button itself closes the popover through the button's own click.
            if (button.current?.contains(e.target as Node)) return e.preventDefault();
            interactedOutside.current = true;
          }}
          onCloseAutoFocus={(e) => {
            if (!interactedOutside.current) {
              e.preventDefault();
              button.current?.focus();
            }
            interactedOutside.current = false;
          }}
        >
          <ProportionsPanel />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
