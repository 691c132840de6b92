import type { LucideIcon } from 'lucide-react';
import type { ActionState } from '../../../editor/actions/registry';

/** One toolbar button: a registered action's name and its icon. */
export type ToolItem = readonly [action: string, icon: LucideIcon];

/** A group of buttons of one purpose; groups with a lower `keep` stay in the row longest when space runs out. */
export interface ToolGroup {
  id: 'add' | 'arrange' | 'parts' | 'history' | 'file' | 'view';
  keep: number;
  items: readonly ToolItem[];
}

/** Whether a toggle button is on, read from the editor's state. */
export type PressedTest = (state: ActionState) => boolean;

/**
 * The order in which buttons leave the row for the overflow menu when it is too narrow:
 * groups by descending `keep`, and within a group from its end.
 */
export function overflowOrder(groups: readonly ToolGroup[]): string[] {
  return [...groups].sort((a, b) => b.keep - a.keep).flatMap((g) => [...g.items].reverse().map(([name]) => name));
}
