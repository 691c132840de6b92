import type { ReactNode } from 'react';
import { preloadDrawer } from './Drawer';

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
