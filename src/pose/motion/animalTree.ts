import { ANIMAL_KEYPOINT_NAMES } from '../animalTopology.js';

const at = (name: (typeof ANIMAL_KEYPOINT_NAMES)[number]) => ANIMAL_KEYPOINT_NAMES.indexOf(name);

/** The animal's neck and its skeleton as a tree of [parent, child] AP-10K indices, parents first. */
export const ANIMAL = {
  neck: at('neck'),
  tree: [
    [at('neck'), at('nose')],
    [at('nose'), at('left_eye')],
    [at('nose'), at('right_eye')],
    [at('neck'), at('left_shoulder')],
    [at('left_shoulder'), at('left_elbow')],
    [at('left_elbow'), at('left_front_paw')],
    [at('neck'), at('right_shoulder')],
    [at('right_shoulder'), at('right_elbow')],
    [at('right_elbow'), at('right_front_paw')],
    [at('neck'), at('tail_root')],
    [at('tail_root'), at('left_hip')],
    [at('left_hip'), at('left_knee')],
    [at('left_knee'), at('left_back_paw')],
    [at('tail_root'), at('right_hip')],
    [at('right_hip'), at('right_knee')],
    [at('right_knee'), at('right_back_paw')],
  ] as ReadonlyArray<readonly [number, number]>,
} as const;
