import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** Props of a drawer: a titled modal panel sliding in from the right (tablets) or the bottom (phones). */
export interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  closeLabel: string;
  side: 'right' | 'bottom';
  children: ReactNode;
}

/** The drawer itself (Radix Dialog): focus stays inside while it is open and returns to its opener on close. */
export default function DrawerContent({ open, onOpenChange, title, closeLabel, side, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className={`drawer drawer-${side}`} aria-describedby={undefined}>
          <div className="drawer-head">
            <Dialog.Title className="drawer-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={closeLabel}>
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          <div className="drawer-body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
