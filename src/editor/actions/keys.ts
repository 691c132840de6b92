/** The parts of a keyboard event a shortcut looks at (a KeyboardEvent, or a plain object in tests). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

// "Mod++" and "+" end with the plus key itself.
function parseSpec(spec: string): [Set<string>, string] {
  const parts = spec.endsWith('+') ? [...spec.slice(0, -1).split('+').filter(Boolean), '+'] : spec.split('+');
  const key = parts.pop() ?? '';
  return [new Set(parts), key];
}

// A symbol such as "?" or "+" needs Shift on most layouts, so Shift is not checked for them.
const isSymbol = (key: string) => key.length === 1 && !/[a-z0-9]/i.test(key);

/** Whether the event matches a spec such as "Mod+Shift+Z" (Mod = Ctrl or Cmd), "Delete" or "?". */
export function matchKey(event: KeyLike, spec: string): boolean {
  const [mods, key] = parseSpec(spec);
  if (event.key.toLowerCase() !== key.toLowerCase()) return false;
  // "Mod" is Ctrl or Cmd; "Ctrl" alone (Ctrl+Y) is the Ctrl key itself.
  if ((mods.has('Mod') || mods.has('Ctrl')) !== (event.ctrlKey || event.metaKey)) return false;
  if (mods.has('Ctrl') && !event.ctrlKey) return false;
  if (mods.has('Alt') !== event.altKey) return false;
  return isSymbol(key) || mods.has('Shift') === event.shiftKey;
}

/** A keyTest that matches any of the specs. */
export function byKeys(...specs: string[]): (event: KeyLike) => boolean {
  return (event) => specs.some((spec) => matchKey(event, spec));
}

/** A spec as the user reads it: ⌘ and ⇧ on a Mac, Ctrl and Shift elsewhere. */
export function formatKeys(spec: string, mac: boolean): string {
  const names: Record<string, string> = mac
    ? {
        Mod: '⌘',
        Shift: '⇧',
        Alt: '⌥',
        ArrowLeft: '←',
        ArrowRight: '→',
        ArrowUp: '↑',
        ArrowDown: '↓',
        Escape: 'Esc',
        Delete: 'Del',
        Backspace: '⌫',
        ' ': 'Space',
      }
    : { Mod: 'Ctrl', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Delete: 'Del', ' ': 'Space' };
  const [mods, key] = parseSpec(spec);
  return [...mods, key].map((p) => names[p] ?? (p === 'Ctrl' && mac ? '⌃' : p.length === 1 ? p.toUpperCase() : p)).join(mac ? '' : '+');
}
