import { reorderEntities } from '../model/entities';
import type { EntityKind, EntityRef, Scene } from '../model/scene';
import type { Selection } from '../model/selection';

/** Which way a depth change goes: forward (+1, drawn later, on top) or back (-1). */
export type DepthStep = 1 | -1;

/** The new order (old indices in their new places) after the chosen indices each move one place. */
export function depthOrder(count: number, chosen: readonly number[], step: DepthStep): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  const picked = new Set(chosen);
  // Walk toward the moving side first, so a block of chosen neighbours moves together.
  const indices = step === 1 ? [...order].reverse() : order;
  for (const at of indices) {
    const pos = order.indexOf(at);
    const swap = pos + step;
    if (!picked.has(at) || swap < 0 || swap >= count || picked.has(order[swap]!)) continue;
    [order[pos], order[swap]] = [order[swap]!, order[pos]!];
  }
  return order;
}

const chosenOf = (selection: Selection, kind: EntityKind) => selection.entities.filter((r) => r.kind === kind).map((r) => r.index);

/** The scene with the selected people and animals one place forward or back in drawing order; their names, locks and pins go with them. */
export function reorderScene(scene: Scene, selection: Selection, step: DepthStep): Scene {
  const people = depthOrder(scene.pose.people.length, chosenOf(selection, 'person'), step);
  const animals = depthOrder(scene.pose.animals.length, chosenOf(selection, 'animal'), step);
  return reorderEntities(reorderEntities(scene, 'person', people), 'animal', animals);
}

/** The selection following its entities to their new places after reorderScene. */
export function reorderSelection(scene: Scene, selection: Selection, step: DepthStep): Selection {
  const orders = {
    person: depthOrder(scene.pose.people.length, chosenOf(selection, 'person'), step),
    animal: depthOrder(scene.pose.animals.length, chosenOf(selection, 'animal'), step),
  };
  const place = (r: EntityRef): EntityRef => ({ kind: r.kind, index: orders[r.kind].indexOf(r.index) });
  return { entities: selection.entities.map(place), joint: selection.joint ? { ...selection.joint, entity: place(selection.joint.entity) } : null };
}
