// The mean 68-point iBUG face shape (as used by OpenFace's dlib alignment), x and y in face
// widths, person's right side on the image left; pupils are added at each eye's centre.

/** The 68 iBUG landmarks of an average frontal face, [x, y]. */
export const FACE68_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [0.079, 0.339],
  [0.083, 0.457],
  [0.097, 0.576],
  [0.122, 0.692],
  [0.169, 0.8],
  [0.24, 0.896],
  [0.326, 0.977],
  [0.422, 1.043],
  [0.532, 1.061],
  [0.641, 1.04],
  [0.738, 0.972],
  [0.824, 0.89],
  [0.895, 0.792],
  [0.939, 0.682],
  [0.961, 0.562],
  [0.971, 0.442],
  [0.971, 0.322],
  [0.164, 0.249],
  [0.218, 0.204],
  [0.291, 0.192],
  [0.367, 0.204],
  [0.439, 0.233],
  [0.586, 0.228],
  [0.66, 0.196],
  [0.737, 0.182],
  [0.813, 0.193],
  [0.871, 0.235],
  [0.515, 0.319],
  [0.516, 0.396],
  [0.517, 0.474],
  [0.518, 0.553],
  [0.434, 0.604],
  [0.476, 0.621],
  [0.521, 0.634],
  [0.566, 0.619],
  [0.607, 0.602],
  [0.252, 0.331],
  [0.299, 0.303],
  [0.356, 0.303],
  [0.404, 0.339],
  [0.353, 0.35],
  [0.297, 0.35],
  [0.631, 0.334],
  [0.679, 0.296],
  [0.736, 0.295],
  [0.783, 0.321],
  [0.74, 0.342],
  [0.685, 0.344],
  [0.353, 0.746],
  [0.415, 0.719],
  [0.478, 0.707],
  [0.523, 0.717],
  [0.57, 0.705],
  [0.635, 0.716],
  [0.7, 0.739],
  [0.639, 0.805],
  [0.576, 0.835],
  [0.525, 0.842],
  [0.476, 0.838],
  [0.414, 0.81],
  [0.38, 0.75],
  [0.478, 0.745],
  [0.523, 0.749],
  [0.571, 0.743],
  [0.672, 0.744],
  [0.573, 0.777],
  [0.524, 0.783],
  [0.478, 0.778],
];

const centreOf = (from: number, to: number): readonly [number, number] => {
  const pts = FACE68_TEMPLATE.slice(from, to);
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
};

/** Centre of the person's right eye (image left) and left eye in the template. */
export const TEMPLATE_EYES = { right: centreOf(36, 42), left: centreOf(42, 48) } as const;

/** The 70 face points: the 68 landmarks, then the right and left pupils. */
export const FACE_TEMPLATE: ReadonlyArray<readonly [number, number]> = [...FACE68_TEMPLATE, TEMPLATE_EYES.right, TEMPLATE_EYES.left];
