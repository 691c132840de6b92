import { isLocked, type Scene } from '../model/scene';
import type { Selection } from '../model/selection';

/** The selected people a preset replaces, in selection order: unlocked ones only (a joint selects its person). */
export function selectedPeople(scene: Scene, selection: Selection): number[] {
  const refs = [...selection.entities, ...(selection.joint ? [selection.joint.entity] : [])];
  const people = refs.filter((r) => r.kind === 'person' && scene.pose.people[r.index] && !isLocked(scene, r)).map((r) => r.index);
  return [...new Set(people)];
}

/** The one person a gesture or expression goes onto: the first selected, or the only person of the scene. */
export function targetPerson(scene: Scene, selection: Selection): number | null {
  const selected = selectedPeople(scene, selection);
  if (selected.length > 0) return selected[0];
  if (selection.entities.length === 0 && scene.pose.people.length === 1 && !isLocked(scene, { kind: 'person', index: 0 })) return 0;
  return null;
}
