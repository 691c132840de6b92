import * as RadixToolbar from '@radix-ui/react-toolbar';
import { useSelector } from '@xstate/react';
import { Axis3d } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { soleEditablePerson } from '../../../editor/model/selection';
import { useEditorHandles } from '../EditorContext';

/** The posing column's toggle for the side view; it shows only while one unlocked person is selected. */
export function SideViewButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const enabled = useSelector(actor, (s) => soleEditablePerson(s.context.scene, s.context.selection) !== null);
  const label = t('depthEditing.sideView');
  return (
    <RadixToolbar.Button className="tool-icon" aria-label={label} data-tip={label} aria-pressed={open} disabled={!enabled && !open} onClick={onToggle}>
      <Axis3d aria-hidden size={18} strokeWidth={1.75} />
    </RadixToolbar.Button>
  );
}
