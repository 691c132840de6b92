import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKeys } from '../../editor/actions/keys';
import { getAction, isEnabled, runAction } from '../../editor/actions/registry';
import { actionStateOf, useEditorHandles } from './EditorContext';

/** Whether shortcuts are shown with Mac symbols. */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

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
  const shortcut = action.keys?.[0];
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={shortcut ? `${label} (${formatKeys(shortcut, IS_MAC)})` : label}
      aria-pressed={pressed}
      disabled={!enabled}
      data-action={name}
      onClick={() => runAction(action, actionStateOf(actor.getSnapshot()), env)}
    >
      {children ?? label}
    </button>
  );
}
