import { distance, type Vec2 } from '../../src/pose/index.js';

/**
 * A square around a hand, turned so the forearm points up in the crop (the way MediaPipe's hand
 * model was trained to see hands). angle: radians the image turns (counter-clockwise on screen).
 */
export interface HandCrop {
  centre: Vec2;
  size: number;
  angle: number;
}

/** OpenPose's hand-from-body rule (handDetect in its util.py): the hand lies a third of a forearm past the wrist. */
const WRIST_TO_HAND = 0.33;
const BOX_PER_ARM = 1.5;
const UPPER_ARM_WEIGHT = 0.9;

/**
 * The crop for the hand at the end of an arm, from OpenPose's rule: centred a third of a forearm past
 * the wrist, 1.5 x the longer of forearm and 0.9 x upper arm wide; null when the forearm has no length.
 */
export function handCropFromArm(wrist: Vec2, elbow: Vec2, shoulder: Vec2 | null): HandCrop | null {
  const forearm = distance(wrist, elbow);
  if (forearm < 2) return null;
  const [ux, uy] = [(wrist.x - elbow.x) / forearm, (wrist.y - elbow.y) / forearm];
  const upperArm = shoulder ? distance(elbow, shoulder) : 0;
  return {
    centre: { x: wrist.x + WRIST_TO_HAND * (wrist.x - elbow.x), y: wrist.y + WRIST_TO_HAND * (wrist.y - elbow.y) },
    size: BOX_PER_ARM * Math.max(forearm, UPPER_ARM_WEIGHT * upperArm),
    // Turning the image by this angle sends the forearm direction (ux, uy) to straight up (0, -1).
    angle: Math.atan2(ux, -uy),
  };
}

/** MediaPipe's rule for following a hand it has seen: twice the landmarks' extent, turned wrist-to-middle-knuckle up. */
const BOX_PER_HAND = 2;

/** The crop around hand landmarks already found (21 points, OpenPose order), for a second, closer look. */
export function handCropFromLandmarks(points: readonly Vec2[]): HandCrop {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [wrist, knuckle] = [points[0], points[9]];
  const length = distance(wrist, knuckle) || 1;
  return {
    centre: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 },
    size: Math.max(8, BOX_PER_HAND * Math.max(maxX - minX, maxY - minY)),
    angle: Math.atan2((knuckle.x - wrist.x) / length, -(knuckle.y - wrist.y) / length),
  };
}

/**
 * Where a point of the upright crop (in pixels of a side x side crop) lies in the image: undo the turn
 * (tf.image.rotateWithOffset maps an offset d to (cos·dx + sin·dy, −sin·dx + cos·dy)) and the scale.
 */
export function cropPointToImage(crop: HandCrop, u: number, v: number, side: number): Vec2 {
  const step = crop.size / side;
  const [rx, ry] = [(u - side / 2) * step, (v - side / 2) * step];
  const [c, s] = [Math.cos(crop.angle), Math.sin(crop.angle)];
  return { x: crop.centre.x + c * rx - s * ry, y: crop.centre.y + s * rx + c * ry };
}

/** The inverse of cropPointToImage: where an image point lands in the upright crop. */
export function imagePointToCrop(crop: HandCrop, point: Vec2, side: number): Vec2 {
  const step = crop.size / side;
  const [dx, dy] = [point.x - crop.centre.x, point.y - crop.centre.y];
  const [c, s] = [Math.cos(crop.angle), Math.sin(crop.angle)];
  return { x: (c * dx + s * dy) / step + side / 2, y: (-s * dx + c * dy) / step + side / 2 };
}
