import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { preloadDrawer } from './Drawer';

/** Where a page puts its own buttons in the workspace bar (the editor: people, photo). */
export const WorkspaceBarSlot = createContext<HTMLElement | null>(null);

/** Renders a page's buttons into the workspace bar; nothing in the wide layout, which has no bar. */
export function WorkspaceBarButtons({ children }: { children: ReactNode }) {
  const slot = useContext(WorkspaceBarSlot);
  return slot ? createPortal(children, slot) : null;
}

interface BarButtonProps {
  label: string;
  icon: ReactNode;
  expanded: boolean;
  onClick(): void;
}

/** A button of the workspace bar that opens a drawer or sheet. */
export function BarButton({ label, icon, expanded, onClick }: BarButtonProps) {
  return (
    <button
      type="button"
      className="bar-button"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
      onPointerEnter={preloadDrawer}
      onFocus={preloadDrawer}
      onTouchStart={preloadDrawer}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
}
