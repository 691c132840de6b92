import * as RadixToolbar from '@radix-ui/react-toolbar';
import { useSelector } from '@xstate/react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getAction, isEnabled, runAction } from '../../../editor/actions/registry';
import { actionStateOf, useEditorHandles } from '../EditorContext';
import { ariaShortcutsOf, shortcutOf } from './shortcut';

interface ToolButtonProps {
  name: string;
  icon: LucideIcon;
  /** For toggles: whether it is on. */
  pressed?: boolean;
}

/** An icon button of the toolbar for a registered action: its label is the accessible name, its shortcut goes to the tooltip. */
export function ToolButton({ name, icon: Icon, pressed }: ToolButtonProps) {
  const { t } = useTranslation();
  const { actor, env } = useEditorHandles();
  const action = getAction(name);
  const enabled = useSelector(actor, (s) => isEnabled(action, actionStateOf(s), env));
  const label = t(action.labelKey);
  return (
    <RadixToolbar.Button
      className="tool-icon"
      aria-label={label}
      aria-keyshortcuts={ariaShortcutsOf(action)}
      aria-pressed={pressed}
      disabled={!enabled}
      data-action={name}
      data-tip={label}
      data-shortcut={shortcutOf(action)}
      onClick={() => runAction(action, actionStateOf(actor.getSnapshot()), env)}
    >
      <Icon aria-hidden size={18} strokeWidth={1.75} />
    </RadixToolbar.Button>
  );
}
