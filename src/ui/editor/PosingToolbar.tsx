import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { isPinned } from '../../editor/posing/pins';
import { ActionButton } from './ActionButton';
import { useEditorHandles } from './EditorContext';
import { ProportionsButton } from './ProportionsPanel';

const POSING = ['toggleKeepLengths', 'togglePin', 'bringForward', 'sendBackward'] as const;

// Floating over the stage's corner rather than in the main toolbar: another toolbar row would shrink the stage.
/** The posing tools: keep bone lengths, pin, depth order and the proportions popover; each button runs a registered action. */
export function PosingToolbar() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const keepLengths = useSelector(actor, (s) => s.context.keepLengths);
  const pinned = useSelector(actor, (s) => !!s.context.selection.joint && isPinned(s.context.scene, s.context.selection.joint));
  const pressed: Partial<Record<string, boolean>> = { toggleKeepLengths: keepLengths, togglePin: pinned };
  return (
    <div className="editor-posing-tools tool-group" role="toolbar" aria-label={t('editor.posingToolbar')}>
      {POSING.map((name) => (
        <ActionButton key={name} name={name} pressed={pressed[name]} />
      ))}
      <ProportionsButton />
    </div>
  );
}
