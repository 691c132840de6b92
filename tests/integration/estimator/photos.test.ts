import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../server/estimator/modelFiles';
import type { EstimateOptions, EstimateOutput } from '../../../server/estimator/runEstimate';
import { ProcessEstimator } from '../../../server/estimator/processEstimator';
import { BODY, type OpenPosePersonJson } from '../../../src/pose/index';

// The real models on real photos (tests/fixtures/estimator/SOURCES.md), loaded once for the file.
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../../fixtures/estimator', name));
const everything: EstimateOptions = { hands: true, face: true, inferenceMaxSide: 1280 };
let estimator: ProcessEstimator;
const estimate = (bytes: Buffer, options = everything): Promise<EstimateOutput> => estimator.run(bytes, options, () => {});

type Xy = [number, number];
const point = (flat: number[] | undefined, i: number): Xy | null => (flat && flat[3 * i + 2] > 0 ? [flat[3 * i], flat[3 * i + 1]] : null);
const gap = (a: Xy, b: Xy) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Checks hand-placed points (index → [x, y, tolerance]) and returns the mean error, which the log shows. */
function expectNear(label: string, flat: number[] | undefined, truth: Record<number, [number, number, number]>): number {
  const errors = Object.entries(truth).map(([index, [x, y, tolerance]]) => {
    const found = point(flat, Number(index));
    expect(found, `${label} point ${index} is found`).not.toBeNull();
    const error = gap(found!, [x, y]);
    expect(error, `${label} point ${index} at ${found} is within ${tolerance} px of ${x},${y}`).toBeLessThanOrEqual(tolerance);
    return error;
  });
  const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
  console.log(`[estimator] ${label}: ${errors.length} points, mean error ${mean.toFixed(1)} px, max ${Math.max(...errors).toFixed(1)} px`);
  return mean;
}

// Hand-placed on the photos (zoomed 4x on a 10 px grid); tolerances follow how sharply each joint shows.
const ASTRONAUT_BODY: Record<number, [number, number, number]> = {
  [BODY.nose]: [222, 125, 8],
  [BODY.right_eye]: [203, 101, 8],
  [BODY.left_eye]: [247, 103, 8],
  [BODY.right_shoulder]: [118, 232, 25], // inside a bulky suit: the joint is a guess
  [BODY.left_shoulder]: [308, 258, 25],
};
const ASTRONAUT_FACE: Record<number, [number, number, number]> = {
  68: [203, 101, 5], // right pupil (on the image left)
  69: [247, 103, 5],
  30: [222, 125, 6], // nose tip
  48: [204, 141, 8], // mouth corners
  54: [244, 140, 8],
  8: [222, 177, 8], // chin
};
const PLAYER_BODY: Record<number, [number, number, number]> = {
  [BODY.nose]: [97, 118, 10],
  [BODY.right_ear]: [65, 117, 10],
  [BODY.right_shoulder]: [50, 155, 15],
  [BODY.left_shoulder]: [115, 152, 15],
  [BODY.right_elbow]: [75, 199, 20],
  [BODY.right_wrist]: [130, 163, 20],
  [BODY.right_hip]: [66, 283, 20],
  [BODY.left_hip]: [112, 281, 20],
  [BODY.right_knee]: [62, 375, 15],
  [BODY.left_knee]: [116, 376, 15],
  [BODY.right_ankle]: [57, 458, 15],
  [BODY.left_ankle]: [121, 447, 15],
};

beforeAll(async () => {
  estimator = new ProcessEstimator({ modelsDir: MODELS_DIR, timeoutMs: 60_000 });
  await estimator.ready();
}, 120_000);
afterAll(() => estimator.close());

describe('one person facing the camera (astronaut.jpg)', () => {
  let person: OpenPosePersonJson;
  beforeAll(async () => {
    const { pose } = await estimate(fixture('astronaut.jpg'));
    expect(pose.people).toHaveLength(1);
    expect([pose.canvas_width, pose.canvas_height]).toEqual([512, 512]);
    person = pose.people[0];
  });

  it('finds the head and shoulders where they are', () => {
    expectNear('astronaut body', person.pose_keypoints_2d, ASTRONAUT_BODY);
    // The hips and legs are out of the picture and the right arm behind the helmet: hidden, not guessed.
    for (const i of [BODY.right_hip, BODY.left_hip, BODY.right_knee, BODY.left_ankle]) expect(point(person.pose_keypoints_2d, i)).toBeNull();
  });

  it("uses the person's own left and right: her left shoulder and eye are on the image right", () => {
    const body = person.pose_keypoints_2d;
    expect(point(body, BODY.left_shoulder)![0]).toBeGreaterThan(point(body, BODY.right_shoulder)![0]);
    expect(point(body, BODY.left_eye)![0]).toBeGreaterThan(point(body, BODY.right_eye)![0]);
    // The face agrees with the body: its right eye (36-41) and right pupil (68) sit at the body's right eye.
    expect(gap(point(person.face_keypoints_2d, 68)!, point(body, BODY.right_eye)!)).toBeLessThan(6);
    expect(gap(point(person.face_keypoints_2d, 36)!, point(body, BODY.right_eye)!)).toBeLessThan(15);
  });

  it('maps her face to 70 points: 68 iBUG points and both pupils', () => {
    expect(person.face_keypoints_2d).toHaveLength(210);
    expectNear('astronaut face', person.face_keypoints_2d, ASTRONAUT_FACE);
  });

  it('reports no hands where the wrists are hidden', () => {
    expect(person.hand_left_keypoints_2d).toBeUndefined();
    expect(person.hand_right_keypoints_2d).toBeUndefined();
  });
});

describe('two people (basketball.jpg)', () => {
  let output: EstimateOutput;
  beforeAll(async () => {
    output = await estimate(fixture('basketball.jpg'));
  });

  it('finds both players, left to right', () => {
    expect(output.pose.people).toHaveLength(2);
    expect([output.pose.canvas_width, output.pose.canvas_height]).toEqual([640, 480]);
  });

  it("places the front player's whole body within a few pixels of the hand-placed joints", () => {
    expectNear('basketball player body', output.pose.people[0].pose_keypoints_2d, PLAYER_BODY);
  });

  it("finds the front player's face, pupils on his eyes", () => {
    expectNear('basketball player face', output.pose.people[0].face_keypoints_2d, { 68: [84, 108, 5], 69: [97, 107, 5] });
  });

  it('finds his right hand on the ball (the one in sight), fingers along the ball', () => {
    const player = output.pose.people[0];
    expect(player.hand_right_keypoints_2d).toHaveLength(63);
    // Wrist where the bright forearm meets the hand; the middle fingertip at the hand's right end.
    expectNear('basketball right hand', player.hand_right_keypoints_2d, { 0: [130, 164, 10], 12: [156, 152, 12] });
    // Every point stays on the hand and the ball, not on the face or the shirt.
    for (let i = 0; i < 21; i++) {
      const [x, y] = point(player.hand_right_keypoints_2d, i)!;
      expect(x >= 120 && x <= 170 && y >= 135 && y <= 175, `hand point ${i} at ${x},${y}`).toBe(true);
    }
    // His left hand is behind the ball: none is made up.
    expect(player.hand_left_keypoints_2d).toBeUndefined();
  });

  it("gives his right hand the hand model's depth: 3D points on the 2D ones, the curled fingertips off the wrist's depth", () => {
    const player = output.pose.people[0];
    const [hand2d, hand3d, body3d] = [player.hand_right_keypoints_2d!, player.hand_right_keypoints_3d!, player.pose_keypoints_3d!];
    expect(hand3d).toHaveLength(84);
    for (let i = 0; i < 21; i++) expect(hand3d.slice(4 * i, 4 * i + 2)).toEqual(hand2d.slice(3 * i, 3 * i + 2));
    // The hand's wrist sits at the body wrist's plausible depth; the body itself has depth too.
    expect(hand3d[2]).toBeCloseTo(body3d[4 * BODY.right_wrist + 2], 1);
    // His hand is cupped on the ball, not flat to the camera: every fingertip is off the wrist's depth.
    const tipDepths = [4, 8, 12, 16, 20].map((tip) => hand3d[4 * tip + 2] - hand3d[2]);
    console.log(`[estimator] basketball right hand: fingertip depth from the wrist ${tipDepths.map((z) => z.toFixed(1)).join(', ')} px`);
    for (const z of tipDepths) expect(Math.abs(z)).toBeGreaterThan(2);
  });

  it('finds the second player, seen from behind, with his head at the top right', () => {
    const body = output.pose.people[1].pose_keypoints_2d;
    const head = [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear].map((i) => point(body, i)).filter(Boolean) as Xy[];
    expect(head.length).toBeGreaterThanOrEqual(2);
    for (const p of head) expect(gap(p, [528, 88])).toBeLessThan(40);
  });

  it('leaves out hands and faces when asked for the body only', async () => {
    const { pose } = await estimate(fixture('basketball.jpg'), { ...everything, hands: false, face: false });
    expect(pose.people).toHaveLength(2);
    for (const p of pose.people) expect(Object.keys(p)).toEqual(['pose_keypoints_2d']);
  });
});

describe('photos of other sizes and kinds', () => {
  it("scales a photo larger than the inference size down and answers in the photo's own pixels", async () => {
    const image = await loadImage(fixture('basketball.jpg'));
    const canvas = createCanvas(2560, 1920);
    canvas.getContext('2d').drawImage(image, 0, 0, 2560, 1920);
    const { pose } = await estimate(await canvas.encode('jpeg', 85));
    expect([pose.canvas_width, pose.canvas_height]).toEqual([2560, 1920]);
    const scaled = Object.fromEntries(Object.entries(PLAYER_BODY).map(([i, [x, y, t]]) => [i, [4 * x, 4 * y, 4 * t]]));
    expectNear('basketball player at 4x', pose.people[0].pose_keypoints_2d, scaled as Record<number, [number, number, number]>);
  });

  it('turns a photo by its EXIF orientation, as browsers show it', async () => {
    // Stored sideways (rotated 90° counter-clockwise) with orientation 6, "turn 90° clockwise to show".
    const image = await loadImage(fixture('astronaut.jpg'));
    const canvas = createCanvas(512, 512);
    const ctx = canvas.getContext('2d');
    ctx.translate(0, 512);
    ctx.rotate(-Math.PI / 2);
    ctx.drawImage(image, 0, 0);
    const jpeg = await canvas.encode('jpeg', 90);
    const tiff = Buffer.from('4d4d002a0000000800010112000300000001000600000000000000', 'hex');
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255]), exif]);
    const { pose } = await estimate(Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]));
    expect(pose.people).toHaveLength(1);
    expectNear('astronaut with EXIF orientation', pose.people[0].pose_keypoints_2d, { [BODY.nose]: ASTRONAUT_BODY[BODY.nose] });
  });

  it('answers a photo without people (a cat, WebP) with an empty result', async () => {
    const { pose } = await estimate(fixture('cat.webp'));
    expect(pose).toEqual({ people: [], animals: [], canvas_width: 451, canvas_height: 300 });
  });

  it('fails a file whose header is fine but whose data is not, with a 422 that says so', async () => {
    const png = fixture('astronaut.jpg');
    await expect(estimate(Buffer.concat([png.subarray(0, 600), Buffer.alloc(4000, 7)]))).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^The image could not be decoded/),
    });
  });
});
