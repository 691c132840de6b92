import { SlidersHorizontal } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Header } from './Header';
import { Spinner } from './Spinner';
import { GeneratePanel } from './panel/GeneratePanel';
import { Notifications } from './notify/Notifications';
import { Drawer } from './layout/Drawer';
import { useLayoutMode } from './layout/useLayoutMode';
import { BarButton, WorkspaceBarSlot } from './layout/WorkspaceBar';
import './layout/layout.css';

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
  const { t } = useTranslation();
  const mode = useLayoutMode();
  const [panelOpen, setPanelOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const wide = mode === 'wide';
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
        <GeneratePanel />
      ) : (
        <>
          <div className="workspace-bar" role="group" aria-label={t('layout.bottomBar')}>
            <span ref={setSlot} className="workspace-bar-slot" />
            <BarButton label={t('layout.openPanel')} icon={<SlidersHorizontal aria-hidden size={20} />} expanded={panelOpen} onClick={() => setPanelOpen(true)} />
          </div>
          <Drawer open={panelOpen} onOpenChange={setPanelOpen} title={t('panel.title')} closeLabel={t('layout.close')} side={mode === 'narrow' ? 'bottom' : 'right'}>
            <GeneratePanel />
          </Drawer>
        </>
      )}
    </div>
  );
}
