import type { Gesture } from './gesture';
import { getEntity, pinsOf, type Scene } from './scene';
import { animalFigure, personFigure } from '../posing/figure';
import { skeletonOf } from '../posing/skeleton';
import { isStraight3d, swingChain } from '../posing/swing';
import { turnHeldByPins } from '../posing/turn';

/**
 * What the status line says while a drag cannot do what the pointer asks (a key under
 * editor.status.notes): the joint is pinned; the limb is straight with its end pinned, so its
 * elbow or knee has nowhere to swing; pins hold the person against any turn; or the joint moves
 * alone, its bone lengths not kept (Alt held, or Keep bone lengths off).
 */
export type DragNote = 'pinned' | 'straightPinned' | 'turnPinned' | 'free';

/** The note for a drag from this press, decided once when it starts (never on pointer moves), or null when the drag simply does what it shows. */
export function dragNote(scene: Scene, gesture: Gesture | null): DragNote | null {
  if (!gesture) return null;
  if (gesture.kind === 'turn') return turnHeldByPins(scene, gesture.person, gesture.base, gesture.start) ? 'turnPinned' : null;
  if (gesture.kind !== 'pose' && gesture.kind !== 'joint') return null;
  const { entity, part, index } = gesture.joint;
  if (part !== 'body' && part !== 'animal') return null;
  if (gesture.kind === 'joint') return 'free';
  const pins = pinsOf(scene, entity);
  if (pins.includes(index)) return 'pinned';
  const found = getEntity(scene, entity);
  const skeleton = skeletonOf(entity.kind);
  const chain = swingChain(skeleton, index, pins);
  if (!found || !chain) return null;
  const figure = 'keypoints' in found ? animalFigure(found) : personFigure(found);
  return isStraight3d(figure, chain) ? 'straightPinned' : null;
}
