import * as RadixToolbar from '@radix-ui/react-toolbar';
import { useSelector } from '@xstate/react';
import { Axis3d, BringToFront, Pin, Ruler, SendToBack } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isPinned } from '../../editor/posing/pins';
import { useEditorHandles } from './EditorContext';
import { ProportionsButton } from './ProportionsPanel';
import { ToolButton } from './toolbar/ToolButton';
import { useToolTip } from './toolbar/useToolTip';

/** The posing column's buttons: action name and icon. */
export const POSING_TOOLS = [
  ['toggleKeepLengths', Ruler],
  ['togglePin', Pin],
  ['bringForward', BringToFront],
  ['sendBackward', SendToBack],
] as const;

// A column beside the stage rather than a second toolbar row (which would shrink the stage's height, and
// with it the zoom of a portrait pose) or buttons over the stage (which would cover the pose).
/** The posing tools: keep bone lengths, pin, depth order, the proportions popover and the side view's toggle. */
export function PosingToolbar({ sideView }: { sideView: boolean }) {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const keepLengths = useSelector(actor, (s) => s.context.keepLengths);
  const pinned = useSelector(actor, (s) => !!s.context.selection.joint && isPinned(s.context.scene, s.context.selection.joint));
  const pressed: Partial<Record<string, boolean>> = { toggleKeepLengths: keepLengths, togglePin: pinned };
  const tip = useToolTip('right');
  return (
    <RadixToolbar.Root className="editor-posing-tools" orientation="vertical" aria-label={t('editor.posingToolbar')} {...tip.handlers}>
      {POSING_TOOLS.map(([name, icon]) => (
        <ToolButton key={name} name={name} icon={icon} pressed={pressed[name]} />
      ))}
      <ProportionsButton />
      <ToolButton name="toggleSideView" icon={Axis3d} pressed={sideView} />
      {tip.element}
    </RadixToolbar.Root>
  );
}
