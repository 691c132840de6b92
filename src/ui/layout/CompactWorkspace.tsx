import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GeneratePanel } from '../panel/GeneratePanel';
import { useStore } from '../store';
import { Drawer } from './Drawer';
import { panelSheetStore } from './panelSheet';
import { BarButton } from './WorkspaceBar';

interface CompactWorkspaceProps {
  side: 'right' | 'bottom';
  /** Receives the bar's slot, where the page puts its own buttons. */
  slotRef(slot: HTMLElement | null): void;
}

/** The bar of the medium and narrow layouts and the Generate images panel as its drawer or bottom sheet (its own chunk: the wide layout never loads it). */
export default function CompactWorkspace({ side, slotRef }: CompactWorkspaceProps) {
  const { t } = useTranslation();
  const panelOpen = useStore(panelSheetStore);
  const setPanelOpen = (open: boolean) => panelSheetStore.set(open);
  return (
    <>
      <div className="workspace-bar" role="group" aria-label={t('layout.bottomBar')}>
        <span ref={slotRef} className="workspace-bar-slot" />
        <BarButton label={t('layout.openPanel')} icon={<SlidersHorizontal aria-hidden size={20} />} expanded={panelOpen} onClick={() => setPanelOpen(true)} />
      </div>
      <Drawer open={panelOpen} onOpenChange={setPanelOpen} title={t('panel.title')} closeLabel={t('layout.close')} side={side}>
        <GeneratePanel />
      </Drawer>
    </>
  );
}
