import { formatKeys } from '../../../editor/actions/keys';
import type { EditorAction } from '../../../editor/actions/types';

/** Whether shortcuts are shown with Mac symbols. */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The first shortcut of an action as the user reads it ("Ctrl+Z", "⌘Z"), or '' when it has none. */
export function shortcutOf(action: EditorAction): string {
  const spec = action.keys?.[0];
  return spec ? formatKeys(spec, IS_MAC) : '';
}

/** The action's shortcuts in the aria-keyshortcuts syntax ("Control+Z Control+Y"), for assistive technology. */
export function ariaShortcutsOf(action: EditorAction): string | undefined {
  if (!action.keys?.length) return undefined;
  const modifier = IS_MAC ? 'Meta' : 'Control';
  return action.keys.map((spec) => spec.replace(/^Mod\+|(\+)Mod\+/g, `$1${modifier}+`).replace(/^Ctrl\+/, 'Control+')).join(' ');
}
