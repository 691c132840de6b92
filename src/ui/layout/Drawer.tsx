import { lazy, Suspense, useState } from 'react';
import type { DrawerProps } from './DrawerContent';

const loadDrawer = () => import('./DrawerContent');
const DrawerContent = lazy(loadDrawer);

/** Starts loading the drawer's code; for the buttons that open one (on hover, focus or touch). */
export const preloadDrawer = () => void loadDrawer().catch(() => undefined);

/** A drawer whose code (Radix Dialog) loads the first time one opens; the wide layout never needs it. */
export function Drawer(props: DrawerProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DrawerContent {...props} />
    </Suspense>
  );
}
