import { figureInfo, withFigureInfo, type Figure, type PoseDocument } from '../../pose';
import { appendEntities } from './entities';
import type { Scene } from './scene';

/** What putting a pose onto a scene's figures did: the scene after it, how many figures took new points and how many were added. */
export interface PoseOntoFigures {
  scene: Scene;
  posed: number;
  added: number;
}

// The figure keeps who it is (id, name, lock, pins); the turn and hidden points describe the points, so they come with them.
const withPointsOf = <F extends Figure>(target: F, incoming: F): F => {
  const { id, name, locked, pins } = figureInfo(target);
  return withFigureInfo(incoming, { id, name, locked, pins });
};

function ontoList<F extends Figure>(targets: readonly F[], incoming: readonly F[]): { list: F[]; extra: F[] } {
  const list = targets.slice();
  const taken = new Set<number>();
  const byId = new Map(targets.map((f, i) => [figureInfo(f).id, i]));
  const unmatched: F[] = [];
  // A figure with the id of one of the scene's goes onto it; the others onto the next figures not taken, in drawing order.
  for (const figure of incoming) {
    const at = byId.get(figureInfo(figure).id);
    if (at !== undefined && figureInfo(figure).id && !taken.has(at)) {
      taken.add(at);
      list[at] = withPointsOf(targets[at], figure);
    } else unmatched.push(figure);
  }
  const extra: F[] = [];
  let next = 0;
  for (const figure of unmatched) {
    while (next < targets.length && taken.has(next)) next++;
    if (next >= targets.length) {
      extra.push(figure);
      continue;
    }
    taken.add(next);
    list[next] = withPointsOf(targets[next], figure);
  }
  return { list, extra };
}

/**
 * A pose from elsewhere (a past prompt's) put onto the scene's figures, as on the frame a sequence
 * shows: each of its figures goes onto the scene's figure of its kind with its id, else onto the next
 * one in drawing order not yet taken, and only that figure's points change (its id stays, so its track
 * and keys do); figures beyond the scene's are added; the scene's other figures stay as they are.
 * The pose must be on the scene's canvas size.
 */
export function poseOntoFigures(scene: Scene, pose: PoseDocument): PoseOntoFigures {
  const people = ontoList(scene.pose.people, pose.people);
  const animals = ontoList(scene.pose.animals, pose.animals);
  const base = { ...scene, pose: { ...scene.pose, people: people.list, animals: animals.list } };
  const { scene: next, added } = appendEntities(base, people.extra, animals.extra);
  const posed = pose.people.length + pose.animals.length - added.length;
  return { scene: next, posed, added: added.length };
}
