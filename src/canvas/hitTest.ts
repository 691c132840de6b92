import { distance, type Vec2 } from '../pose';
import type { HitTarget } from '../editor/model/hitTarget';
import { getPoints, partsOf, type JointRef, type Part } from '../editor/model/joints';
import { entityBox, getEntity, listEntities, type EntityRef, type Scene } from '../editor/model/scene';
import { editableEntities, isSelected, selectionBox, soleEditablePerson, type Selection } from '../editor/model/selection';
import { FRAME_PADDING_PX, padBox, selectionHandles } from './handles';
import { animalSegments, distanceToSegment, personSegments } from './segments';
import { ANIMAL_LINES, BODY_LIMBS, type Animal, type Person } from '../pose';
import { boneOfLimb, skeletonOf } from '../editor/posing/skeleton';

/** Screen radius within which a press picks a joint, per part (faces are dense, bodies sparse). */
export const JOINT_HIT_PX: Record<Part, number> = { body: 11, feet: 9, leftHand: 7, rightHand: 7, face: 5, animal: 11 };
/** Screen distance from a limb that still picks its person. */
export const LIMB_HIT_PX = 7;
/** Fingers are blunter than a mouse: touch hit areas grow by this factor. */
export const TOUCH_GROWTH = 1.8;

/** How the hit test sees the pointer: the zoom, and whether it is a finger. */
export interface HitOptions {
  zoom: number;
  coarse: boolean;
}

const inside = (p: Vec2, b: { minX: number; minY: number; maxX: number; maxY: number }) => p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY;

function nearestJoint(scene: Scene, selection: Selection, p: Vec2, grow: number, zoom: number): JointRef | null {
  let best: { ref: JointRef; score: number } | null = null;
  for (const entity of listEntities(scene)) {
    // Hidden points can be picked (to show them again) only on a selected entity, where they are drawn.
    const showHidden = isSelected(selection, entity);
    for (const part of partsOf(entity.kind)) {
      const radius = (JOINT_HIT_PX[part] * grow) / zoom;
      const points = getPoints(scene, entity, part) ?? [];
      for (const [index, q] of points.entries()) {
        if (!q.visible && !(showHidden && q.x > 0 && q.y > 0)) continue;
        const score = distance(p, q) / radius;
        // <= lets later (topmost) entities win ties.
        if (score <= 1 && (!best || score <= best.score)) best = { ref: { entity, part, index }, score };
      }
    }
  }
  return best?.ref ?? null;
}

function onLimb(scene: Scene, p: Vec2, tolerance: number): EntityRef | null {
  const entities = listEntities(scene).reverse();
  return (
    entities.find((ref) => {
      const e = getEntity(scene, ref);
      const segments = ref.kind === 'person' ? personSegments(e as Person) : animalSegments(e as Animal);
      return segments.some(([a, b]) => distanceToSegment(p, a, b) <= tolerance);
    }) ?? null
  );
}

// Only a selected, unlocked figure's limbs are bones to turn: an unselected figure is picked up whole by a limb.
function onBone(scene: Scene, selection: Selection, p: Vec2, tolerance: number): HitTarget | null {
  for (const entity of editableEntities(scene, selection).reverse()) {
    const e = getEntity(scene, entity);
    const points = entity.kind === 'person' ? (e as Person).body : (e as Animal).keypoints;
    const skeleton = skeletonOf(entity.kind);
    for (const [a, b] of entity.kind === 'person' ? BODY_LIMBS : ANIMAL_LINES) {
      const [pa, pb] = [points[a], points[b]];
      const bone = boneOfLimb(skeleton, a, b);
      if (bone !== null && pa?.visible && pb?.visible && distanceToSegment(p, pa, pb) <= tolerance) return { kind: 'bone', entity, bone };
    }
  }
  return null;
}

/** What is under a document point: a selection handle, else the nearest joint, else a selected figure's bone, else a limb, else a selected entity's frame. */
export function hitTest(scene: Scene, selection: Selection, p: Vec2, { zoom, coarse }: HitOptions): HitTarget {
  const grow = coarse ? TOUCH_GROWTH : 1;
  const box = selectionBox(scene, { entities: editableEntities(scene, selection), joint: null });
  if (box) {
    const h = selectionHandles(box, zoom);
    const reach = h.radius * 1.8 * grow;
    if (distance(p, h.rotate) <= reach) return { kind: 'handle', handle: 'rotate' };
    if (distance(p, h.scale) <= reach) return { kind: 'handle', handle: 'scale' };
    if (soleEditablePerson(scene, selection) !== null && distance(p, h.turn) <= reach) return { kind: 'handle', handle: 'turn' };
  }
  const joint = nearestJoint(scene, selection, p, grow, zoom);
  if (joint) return { kind: 'joint', joint };
  // Limbs are drawn 8 px wide in the document: half of that plus a screen tolerance.
  const tolerance = 4 + (LIMB_HIT_PX * grow) / zoom;
  const bone = onBone(scene, selection, p, tolerance);
  if (bone) return bone;
  const limb = onLimb(scene, p, tolerance);
  if (limb) return { kind: 'entity', entity: limb };
  const framed = selection.entities.find((ref) => {
    const b = entityBox(scene, ref);
    return b && inside(p, padBox(b, FRAME_PADDING_PX / zoom));
  });
  return framed ? { kind: 'entity', entity: framed } : { kind: 'none' };
}
