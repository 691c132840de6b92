import * as Dialog from '@radix-ui/react-dialog';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandSide } from '../../pose';
import { HandSidePicker } from './HandSidePicker';
import { MyPoses } from './MyPoses';
import { PresetGrid } from './PresetGrid';
import './library.css';

const TABS = ['body', 'hand', 'face', 'mine'] as const;
type Tab = (typeof TABS)[number];

interface LibraryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The pose library, a side sheet of the editor: built-in body poses, gestures, expressions, and the user's own poses. */
export function LibraryDialog({ open, onOpenChange }: LibraryDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('body');
  const [side, setSide] = useState<HandSide>('right');
  // Arrow keys move between tabs, as in any tab list.
  const onTabKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    setTab(next);
    document.getElementById(`library-tab-${next}`)?.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="library-overlay" />
        <Dialog.Content className="library-sheet">
          <Dialog.Title>{t('library.title')}</Dialog.Title>
          <Dialog.Description className="muted">{t('library.description')}</Dialog.Description>
          <div role="tablist" aria-label={t('library.sections')} className="library-tabs" onKeyDown={onTabKey}>
            {TABS.map((id) => (
              <button
                key={id}
                id={`library-tab-${id}`}
                type="button"
                role="tab"
                aria-selected={tab === id}
                aria-controls="library-tabpanel"
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
              >
                {t(`library.tabs.${id}`)}
              </button>
            ))}
          </div>
          <div id="library-tabpanel" role="tabpanel" aria-labelledby={`library-tab-${tab}`}>
            {(tab === 'hand' || tab === 'mine') && <HandSidePicker side={side} onChange={setSide} />}
            {tab === 'mine' ? <MyPoses side={side} /> : <PresetGrid key={tab} kind={tab} side={side} />}
          </div>
          <Dialog.Close className="library-close" aria-label={t('library.close')}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
