import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Header } from './Header';
import { Spinner } from './Spinner';
import { Notifications } from './notify/Notifications';
import { useLayoutMode } from './layout/useLayoutMode';
import { WorkspaceBarSlot } from './layout/workspaceSlot';
import { generatePanelChunk } from './pageLoaders';
import { useChunk } from './useChunk';
import './layout/layout.css';

const CompactWorkspace = lazy(() => import('./layout/CompactWorkspace'));

/** Every page: the header above the routed content, and the notifications. */
export function AppChrome() {
  return (
    <div className="app">
      <Header />
      <Notifications />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/**
 * The shared layout of /pose and /edit. Wide (≥ 1280 px): the child route on the left, the Generate
 * images panel on the right. Narrower: the child route takes the width, and a bar (a tab strip on
 * tablets, a bottom bar on phones) opens the panel as a drawer or a bottom sheet; pages add their
 * own buttons to the bar.
 */
export function WorkspaceLayout() {
  const mode = useLayoutMode();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const wide = mode === 'wide';
  const GeneratePanel = useChunk(generatePanelChunk, wide)?.GeneratePanel;
  return (
    <div className={`workspace workspace-${mode}`}>
      <WorkspaceBarSlot.Provider value={wide ? null : slot}>
        <main className="workspace-main">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </WorkspaceBarSlot.Provider>
      {wide ? (
        // The empty panel holds the panel's place while its code loads, so the canvas is fitted once.
        GeneratePanel ? (
          <GeneratePanel />
        ) : (
          <div className="generate-panel" />
        )
      ) : (
        // The empty bar holds the bar's place while its code loads, so the canvas is fitted once.
        <Suspense fallback={<div className="workspace-bar" />}>
          <CompactWorkspace side={mode === 'narrow' ? 'bottom' : 'right'} slotRef={setSlot} />
        </Suspense>
      )}
    </div>
  );
}
