import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Where a page puts its own buttons in the workspace bar (the editor: people, photo); null in the wide layout. */
export const WorkspaceBarSlot = createContext<HTMLElement | null>(null);

/** Renders a page's buttons into the workspace bar; nothing in the wide layout, which has no bar. */
export function WorkspaceBarButtons({ children }: { children: ReactNode }) {
  const slot = useContext(WorkspaceBarSlot);
  return slot ? createPortal(children, slot) : null;
}
