import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getAction, isEnabled, runAction } from '../../editor/actions/registry';
import { actionStateOf, useEditorHandles } from './EditorContext';
import { ariaShortcutsOf, shortcutOf } from './toolbar/shortcut';

interface ActionButtonProps {
  name: string;
  /** For toggles: whether it is on. */
  pressed?: boolean;
  /** Shown instead of the label (the label stays the accessible name). */
  children?: ReactNode;
  className?: string;
}

/** A toolbar button for a registered action: same label, shortcut and code path as the keyboard. */
export function ActionButton({ name, pressed, children, className = 'tool' }: ActionButtonProps) {
  const { t } = useTranslation();
  const { actor, env } = useEditorHandles();
  const action = getAction(name);
  const enabled = useSelector(actor, (s) => isEnabled(action, actionStateOf(s), env));
  const label = t(action.labelKey);
  const shortcut = shortcutOf(action);
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={ariaShortcutsOf(action)}
      aria-pressed={pressed}
      disabled={!enabled}
      data-action={name}
      onClick={() => runAction(action, actionStateOf(actor.getSnapshot()), env)}
    >
      {children ?? label}
    </button>
  );
}
