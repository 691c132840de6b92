import { attachDefaultHand, createDefaultPoseDocument, toOpenPoseJson } from '../../src/pose/index';

// Fresh POSE_KEYPOINT lists for tests (integration and end to end): no server code, so a browser test can import it.

/** The built-in standing person (400 x 600) with both hands, as people JSON. */
function standing() {
  const doc = createDefaultPoseDocument();
  doc.people[0] = attachDefaultHand(attachDefaultHand(doc.people[0]!, 'left'), 'right');
  return toOpenPoseJson(doc);
}

/** A random number source from a seed (mulberry32), so a failing case can be made again. */
export function seeded(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A POSE_KEYPOINT list of `frames` frames of `people` people (the standing sample, each placed and
 * moved at random, every shown point jittered), as a ComfyUI pose node passes it.
 */
export function randomFrames(random: () => number, frames: number, people: number): Array<Record<string, unknown>> {
  const base = standing();
  const offsets = Array.from({ length: people }, () => [(random() - 0.5) * 160, (random() - 0.5) * 120]);
  return Array.from({ length: frames }, (_, f) => ({
    canvas_width: base.canvas_width,
    canvas_height: base.canvas_height,
    people: offsets.map(([dx, dy]) => {
      const person = base.people[0]!;
      const move = (points: number[] | undefined) =>
        (points ?? []).map((v, i) => (i % 3 === 2 || points![i - (i % 3) + 2] === 0 ? v : v + (i % 3 === 0 ? dx! + 3 * f : dy!) + (random() - 0.5) * 6));
      return {
        pose_keypoints_2d: move(person.pose_keypoints_2d),
        face_keypoints_2d: move(person.face_keypoints_2d),
        hand_left_keypoints_2d: move(person.hand_left_keypoints_2d),
        hand_right_keypoints_2d: move(person.hand_right_keypoints_2d),
      };
    }),
  }));
}
