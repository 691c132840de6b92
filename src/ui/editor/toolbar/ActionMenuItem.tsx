import { useSelector } from '@xstate/react';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getAction, isEnabled, runAction } from '../../../editor/actions/registry';
import { actionStateOf, useEditorHandles } from '../EditorContext';
import { ariaShortcutsOf, shortcutOf } from './shortcut';

/** The props the Radix menu items (DropdownMenu.Item, ContextMenu.Item) have in common that this uses. */
interface MenuItemProps {
  className?: string;
  disabled?: boolean;
  onSelect?(event: Event): void;
  children?: ReactNode;
  'aria-keyshortcuts'?: string;
  'aria-checked'?: boolean;
  'data-action'?: string;
}

interface ActionMenuItemProps {
  /** The Radix item component of the menu it sits in. */
  Item: ComponentType<MenuItemProps>;
  name: string;
  icon?: LucideIcon;
  pressed?: boolean;
}

/** A menu item for a registered action: its icon, label and shortcut, enabled as its toolbar button would be. */
export function ActionMenuItem({ Item, name, icon: Icon, pressed }: ActionMenuItemProps) {
  const { t } = useTranslation();
  const { actor, env } = useEditorHandles();
  const action = getAction(name);
  const enabled = useSelector(actor, (s) => isEnabled(action, actionStateOf(s), env));
  return (
    <Item
      className="action-menu-item"
      disabled={!enabled}
      data-action={name}
      aria-keyshortcuts={ariaShortcutsOf(action)}
      onSelect={() => runAction(action, actionStateOf(actor.getSnapshot()), env)}
    >
      <span className="action-menu-icon" aria-hidden>
        {Icon && <Icon size={16} strokeWidth={1.75} />}
      </span>
      <span className="action-menu-label">
        {t(action.labelKey)}
        {pressed !== undefined && <span className="visually-hidden">{pressed ? ' ✓' : ''}</span>}
      </span>
      {pressed && (
        <span className="action-menu-check" aria-hidden>
          ✓
        </span>
      )}
      <kbd className="action-menu-keys" aria-hidden>
        {shortcutOf(action)}
      </kbd>
    </Item>
  );
}
