import type { TruthPerson, TruthPoint } from './blazePoseScore';

/** A photo with its people's hand-placed body points. */
export interface TruthPhoto {
  file: string;
  /** fixtures: tests/fixtures/estimator; extra: BLAZEPOSE_PHOTOS (photos from Debian packages, not stored in the repo). */
  dir: 'fixtures' | 'extra';
  note: string;
  people: TruthPerson[];
}

const U = 'unsure';
const _ = null;
/** The neck as OpenPose and this project place it: the shoulders' midpoint. */
const neck = (right: [number, number], left: [number, number]): TruthPoint => [(right[0] + left[0]) / 2, (right[1] + left[1]) / 2];

// OpenPose order: nose, neck, R shoulder, R elbow, R wrist, L shoulder, L elbow, L wrist, R hip, R knee, R ankle,
// L hip, L knee, L ankle, R eye, L eye, R ear, L ear (left and right are the person's own).
// Placed by hand on 2-5x zooms with a 20 px grid; the estimator tests' own points where they have them.

/** The photos the bench scores, with their people (left to right). */
export const TRUTH_PHOTOS: TruthPhoto[] = [
  {
    file: 'astronaut.jpg',
    dir: 'fixtures',
    note: 'portrait to the chest; left arm behind a helmet',
    people: [
      {
        heightPx: 950,
        points: [
          [222, 125],
          neck([118, 232], [308, 258]),
          [118, 232],
          U,
          [160, 492],
          [308, 258],
          U,
          U,
          _,
          _,
          _,
          _,
          _,
          _,
          [203, 101],
          [247, 103],
          [178, 115],
          [272, 117],
        ],
      },
    ],
  },
  {
    file: 'basketball.jpg',
    dir: 'fixtures',
    note: 'two players; the right one seen from behind',
    people: [
      {
        // Turned toward the other player (image right): his right side is nearer the camera.
        heightPx: 380,
        points: [
          [97, 118],
          neck([50, 155], [115, 152]),
          [50, 155],
          [75, 199],
          [130, 163],
          [115, 152],
          [141, 207],
          [147, 163],
          [66, 283],
          [62, 375],
          [57, 458],
          [112, 281],
          [116, 376],
          [121, 447],
          [86, 105],
          [97, 105],
          [65, 117],
          U,
        ],
        nearerThan: [
          [2, 5],
          [16, 17],
          [8, 11],
        ],
      },
      {
        // Facing left and away: his left side is nearer the camera.
        heightPx: 640,
        points: [[512, 92], U, U, U, U, [520, 180], [507, 302], [470, 243], U, _, _, U, _, _, U, [517, 80], U, [545, 87]],
        nearerThan: [
          [5, 2],
          [17, 16],
        ],
      },
    ],
  },
  {
    file: 'messi5.jpg',
    dir: 'extra',
    note: 'whole body, lunging to kick',
    people: [
      {
        heightPx: 330,
        points: [
          [246, 115],
          neck([198, 126], [280, 126]),
          [198, 126],
          [150, 122],
          [105, 102],
          [280, 126],
          [310, 145],
          [347, 161],
          [247, 241],
          [228, 285],
          [272, 312],
          [285, 232],
          [357, 250],
          [422, 264],
          [238, 106],
          [250, 106],
          [221, 110],
          [257, 108],
        ],
      },
    ],
  },
  {
    file: 'camera.png',
    dir: 'extra',
    note: 'cameraman in profile, to the thighs',
    people: [
      {
        // Facing image right: his right side is nearer the camera.
        heightPx: 900,
        points: [[250, 165], U, [125, 150], [88, 302], [185, 240], U, [243, 300], [310, 215], [75, 385], _, _, U, _, _, [232, 145], U, [188, 142], U],
        nearerThan: [
          [2, 5],
          [3, 6],
          [8, 11],
          [14, 15],
          [16, 17],
        ],
      },
    ],
  },
  {
    file: 'grace_hopper.jpg',
    dir: 'extra',
    note: 'head and shoulders',
    people: [
      {
        heightPx: 1600,
        points: [[265, 244], neck([72, 430], [458, 422]), [72, 430], _, _, [458, 422], _, _, _, _, _, _, _, _, [225, 191], [306, 186], [166, 228], [362, 219]],
      },
    ],
  },
];
