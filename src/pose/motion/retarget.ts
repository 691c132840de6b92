import { BODY } from '../bodyTopology.js';
import type { Keypoint, Person } from '../types.js';
import type { FigureTrack } from './sequence.js';
import { PERSON_BONES } from './skeleton.js';

// Retargeting a motion to a figure: each frame, every body bone points where the motion's does
// (in 3D where the frame has depth) and is as long as the figure's own, from the motion's neck;
// then the figure is moved up or down so its lower ankle stands where the motion's does, on the
// motion's ground line. Video models (Wan Animate, UniAnimate, SteadyDancer) need this to drive a
// character of other proportions without stretching it.

const BODY_BONES = PERSON_BONES.filter((b) => b.to.part === 'body' && (b.from === null || b.from.part === 'body'));

const depth = (k: Keypoint) => k.z ?? 0;
const length3 = (a: Keypoint, b: Keypoint) => Math.hypot(b.x - a.x, b.y - a.y, depth(b) - depth(a));

/** Each body bone's length on a figure (3D where it has depth), by the index of the point it carries; undefined where an end is hidden. */
export function boneLengths(figure: Person): Array<number | undefined> {
  const lengths: Array<number | undefined> = [];
  for (const { from, to } of BODY_BONES) {
    if (!from) continue;
    const [a, b] = [figure.body[from.index], figure.body[to.index]];
    lengths[to.index] = a?.visible && b?.visible ? length3(a, b) : undefined;
  }
  return lengths;
}

const lowerAnkle = (body: readonly Keypoint[]): number | undefined => {
  const ys = [BODY.left_ankle, BODY.right_ankle]
    .map((i) => body[i])
    .filter((k): k is Keypoint => !!k?.visible)
    .map((k) => k.y);
  return ys.length > 0 ? Math.max(...ys) : undefined;
};

/**
 * One frame of a motion on a figure of `lengths` (boneLengths of the figure): the motion's neck,
 * each bone the motion's direction at the figure's length (the motion's own where the figure
 * hides the bone), feet on the motion's ground line. Points the motion hides stay hidden.
 */
export function retargetBody(motion: Person, lengths: ReadonlyArray<number | undefined>): Person {
  const body: Keypoint[] = motion.body.map((k) => ({ ...k }));
  for (const { from, to } of BODY_BONES) {
    if (!from) continue;
    const [a, b, start] = [motion.body[from.index], motion.body[to.index], body[from.index]];
    if (!a?.visible || !b?.visible || !start) continue;
    const drawn = length3(a, b);
    // A bone drawn shorter than a billionth of a pixel has no direction to scale (and its ratio overflows to Infinity).
    const k = drawn >= 1e-9 ? (lengths[to.index] ?? drawn) / drawn : 0;
    const z = a.z !== undefined || b.z !== undefined ? { z: depth(start) + (depth(b) - depth(a)) * k } : {};
    body[to.index] = { ...b, x: start.x + (b.x - a.x) * k, y: start.y + (b.y - a.y) * k, ...z };
  }
  const [ground, feet] = [lowerAnkle(motion.body), lowerAnkle(body)];
  const dy = ground !== undefined && feet !== undefined ? ground - feet : 0;
  return { ...motion, body: body.map((k) => ({ ...k, y: k.y + dy })) };
}

/** A motion track applied to a figure: every key's body retargeted to the figure's bone lengths, the figure's record (id, name) kept, hands, face and feet left out (the motion's would not fit). */
export function retargetTrack(motion: FigureTrack, figure: Person): FigureTrack {
  const lengths = boneLengths(figure);
  const record = figure.figure;
  return {
    ...motion,
    id: record?.id ?? motion.id,
    keys: motion.keys.map((key) => {
      const { body } = retargetBody(key.figure as Person, lengths);
      return { ...key, figure: { ...(record ? { figure: record } : {}), body } };
    }),
  };
}
