import { BODY, BODY_COLOURS } from '../bodyTopology.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { distance } from '../geometry.js';
import type { PoseProblem } from '../problems.js';
import type { Keypoint, Person, PoseDocument, Vec2 } from '../types.js';
import { readAnimals } from './animals.js';
import { doubtLimbsOverBlack, readBodies, type ReadBody, type ReadJoint } from './bodies.js';
import { readFeet } from './feet.js';
import { forearmEnd } from './forearms.js';
import { labelFace, readFaceDots } from './faces.js';
import { anotherArmLeads, ARMS, armLeadingTo, armOf, armUntold, runsInto, type PackedDrawing } from './handArms.js';
import { readHands, type AnchoredHand, type HandAnchor } from './hands.js';
import { mergeFragments } from './mergeFragments.js';
import { limbColour, passesOver, runsOverBlack, strokeBetween } from './limbEvidence.js';
import { strokeReachesEdge } from './edgeLimbs.js';
import { isOnBlack } from './onBlack.js';
import { coloursOffDrawing, snapToDrawingColours } from './palette.js';
import { packedPixels, packRgb, type RgbaImage } from './pixels.js';

/** Largest skeleton image read back, in pixels: ControlNet's drawings are at most a few megapixels. */
export const MAX_SKELETON_PIXELS = 16_000_000;

/** Why an image of this size is not read back (over MAX_SKELETON_PIXELS), or null when it may be. */
export const skeletonSizeProblem = (width: number, height: number): PoseProblem | null =>
  width * height > MAX_SKELETON_PIXELS ? { code: 'skeletonTooLarge', values: { width, height, maxMegapixels: MAX_SKELETON_PIXELS / 1e6 } } : null;

/** Why reading an image (on black) gave no one: its colours are off the drawing's, or no skeleton is in it. */
export const noOneReadProblem = (image: RgbaImage): PoseProblem =>
  coloursOffDrawing(packedPixels(image)) ? { code: 'skeletonColoursOff', values: {} } : { code: 'noSkeletonFound', values: {} };

// A joint's own colour within this distance of a read joint belongs to the joint, not to a hand edge.
const JOINT_REACH = 5;

const toKeypoints = (points: ReadonlyArray<ReadJoint | null>, shift = 0): Keypoint[] =>
  points.map((p) => (p && !p.doubtful && !p.vague ? { x: p.x + shift, y: p.y + shift, visible: true } : { x: 0, y: 0, visible: false }));
// A hand point is read as the pixel its dot is drawn at, and ControlNet draws a point at
// int(x / W * W): the pixel's centre survives that rounding where its corner may fall a pixel short.
const PIXEL_CENTRE = 0.5;

function jointMask(bodies: readonly ReadBody[], packed: Int32Array, width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const body of bodies) {
    body.forEach((p, joint) => {
      if (!p) return;
      const colour = packRgb(BODY_COLOURS[joint] ?? [0, 0, 0]);
      for (let y = Math.max(0, p.y - JOINT_REACH); y <= Math.min(height - 1, p.y + JOINT_REACH); y++) {
        for (let x = Math.max(0, p.x - JOINT_REACH); x <= Math.min(width - 1, p.x + JOINT_REACH); x++) {
          if (packed[y * width + x] === colour) mask[y * width + x] = 1;
        }
      }
    });
  }
  return mask;
}

// Where each body's hands hang from: each read wrist, else the end of its forearm's stroke. Not
// that end where another arm's forearm of the same colour runs straight over the elbow to it: the
// stroke followed may be that arm's, which passes the elbow.
function handAnchors(bodies: readonly ReadBody[], packed: Int32Array, width: number, height: number): HandAnchor[] {
  return bodies.flatMap((body, person) =>
    ARMS.flatMap(({ side, elbow: elbowJoint, wrist: wristJoint, colour }): HandAnchor[] => {
      const [wrist, elbow] = [body[wristJoint], body[elbowJoint]];
      if (wrist) return [{ at: wrist, person, side }];
      const end = elbow && forearmEnd(packed, width, height, elbow, colour);
      if (!elbow || !end) return [];
      const passing = bodies.some((other) => {
        const from = other[elbowJoint];
        return other !== body && from && passesOver(from, end, elbow) && !runsOverBlack(strokeBetween(packed, width, from, end, colour));
      });
      return passing ? [] : [{ at: end, person, side }];
    }),
  );
}

// How far (in pixels) a hand's wrist may lie back along its forearm from where the stroke ends.
const WRIST_BACK = 2;

// A forearm's stroke whose wrist is not read ends under its hand's wrist dot, so the wrist lies at
// or beyond the stroke's end. A hand whose wrist is not read, or lies back along the forearm, may be
// another hand lying over the arm (which hides the stroke's end): which arm it hangs from is unknown.
function liesOverForearm(elbow: Vec2 | null | undefined, end: Vec2, wrist: Vec2 | null | undefined): boolean {
  if (!wrist) return true;
  if (!elbow) return false;
  const length = distance(elbow, end);
  const along = length === 0 ? 0 : ((wrist.x - end.x) * (end.x - elbow.x) + (wrist.y - end.y) * (end.y - elbow.y)) / length;
  return along < -WRIST_BACK;
}

/** A hand the reader could not tell apart from another reading: whose, and how much of it is hidden for that. */
export interface UncertainHand {
  person: number;
  side: 'left' | 'right';
  /** Points hidden because another placing draws the hand as well with them elsewhere; 21 when the whole hand is hidden. */
  hidden: number;
}

// The joints a neck's limbs join it to.
const FROM_NECK = [BODY.right_shoulder, BODY.left_shoulder, BODY.right_hip, BODY.left_hip, BODY.nose];

// Whether a body read without a neck has it on the canvas: none of the limbs from its neck runs
// off the canvas's edge, so its pieces are joined only by touching pixels.
function neckHidden(body: ReadBody, { packed, width }: PackedDrawing): boolean {
  const height = packed.length / width;
  return !FROM_NECK.some((joint) => {
    const at = body[joint];
    return at && strokeReachesEdge(packed, width, height, at, limbColour(BODY.neck, joint));
  });
}

// A hand goes to the arm its blob hangs from (or to the arm whose forearm runs into its wrist
// point, armLeadingTo), and a wrist not read is placed at that point where the forearm's stroke
// runs into it; hidden when that arm's wrist (or, where the wrist is not read, its elbow) is
// doubtful (another person's arm may end there), when it may lie over the forearm rather than hang
// from it (liesOverForearm), or when its body is read without a neck: one of several so read
// (pieces the canvas's edge parts may be one person's), or one whose neck is hidden (neckHidden)
// beside another body (its arm joins the rest only by touching pixels, and may be the other
// person's). A hand no arm reaches goes to the free wrist (or, where a wrist is not read, elbow)
// nearest its first read point; that is a guess, so it is left hidden; so is a hand the drawing
// does not tell hangs from the arm it reaches (armUntold). A hand no person has a free arm for is
// dropped: a person is kept only with a body.
function attachHands(people: Person[], bodies: readonly ReadBody[], hands: readonly AnchoredHand[], drawing: PackedDrawing): UncertainHand[] {
  const uncertain: UncertainHand[] = [];
  const place = (person: number, side: 'leftHand' | 'rightHand', points: ReadonlyArray<Vec2 | null>, hidden: number) => {
    const target = people[person];
    if (!target || target[side]) return;
    target[side] = toKeypoints(points, PIXEL_CENTRE);
    if (hidden > 0) uncertain.push({ person, side: side === 'leftHand' ? 'left' : 'right', hidden });
  };
  // Bodies read without a neck: two or more may be pieces of one person parted by the canvas's edge.
  const pieces = bodies.filter((body) => !body[BODY.neck]).length;
  // Hands with an arm first: a guess takes only an arm no hand hangs from.
  // A hand the drawing does not tell hangs from the arm it reaches (handArms.ts) hangs from none.
  const hung = hands.map(({ hand, anchor: reached }) => {
    const anchor = reached && armLeadingTo(drawing, bodies, reached, hand.drawn[0]);
    const untold = anchor && (armUntold(drawing, bodies[anchor.person], anchor, hand.drawn[0]) || anotherArmLeads(drawing, bodies, anchor, hand.drawn[0]));
    return { hand, anchor: untold ? null : anchor };
  });
  for (const { hand, anchor } of hung.sort((a, b) => Number(!a.anchor) - Number(!b.anchor))) {
    if (anchor) {
      const body = bodies[anchor.person];
      const { wrist: wristJoint, elbow: elbowJoint, colour } = armOf(anchor.side);
      const arm = body?.[wristJoint] ?? body?.[elbowJoint];
      const lying = !body?.[wristJoint] && liesOverForearm(body?.[elbowJoint], anchor.at, hand.drawn[0]);
      if (arm?.doubtful || lying || (body && !body[BODY.neck] && (pieces >= 2 || (bodies.length >= 2 && neckHidden(body, drawing)))))
        place(
          anchor.person,
          anchor.side,
          hand.drawn.map(() => null),
          HAND_KEYPOINT_COUNT,
        );
      else {
        const [person, root, elbow] = [people[anchor.person], hand.points[0], body?.[elbowJoint]];
        // A wrist lies under its hand's wrist dot: where it is not read and the forearm's stroke
        // runs from the elbow into the hand's wrist point, the wrist is that point.
        if (person && !person[anchor.side] && !body?.[wristJoint] && root && elbow && runsInto(drawing, elbow, root, colour))
          person.body[wristJoint] = { x: root.x + PIXEL_CENTRE, y: root.y + PIXEL_CENTRE, visible: true };
        place(anchor.person, anchor.side, hand.points, hand.doubtful);
      }
      continue;
    }
    const first = hand.drawn.find((p) => p !== null);
    if (!first) continue;
    let best: { person: number; side: 'leftHand' | 'rightHand'; d: number } | null = null;
    people.forEach((person, n) => {
      for (const { side, wrist: wristJoint, elbow: elbowJoint } of ARMS) {
        const [wrist, elbow] = [person.body[wristJoint], person.body[elbowJoint]];
        const arm = wrist?.visible ? wrist : elbow?.visible ? elbow : null;
        if (!arm || person[side]) continue;
        const d = distance(arm, first);
        if (!best || d < best.d) best = { person: n, side, d };
      }
    });
    const guess = best as { person: number; side: 'leftHand' | 'rightHand' } | null;
    if (guess)
      place(
        guess.person,
        guess.side,
        hand.drawn.map(() => null),
        HAND_KEYPOINT_COUNT,
      );
  }
  return uncertain;
}

// Each face dot goes to the person whose head (nose, eyes, ears) is nearest.
function attachFaces(people: Person[], dots: readonly Vec2[]): void {
  const heads = people.map((p) =>
    [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear].flatMap((j) => (p.body[j]?.visible ? [p.body[j] as Vec2] : [])),
  );
  const groups: Vec2[][] = people.map(() => []);
  for (const dot of dots) {
    let best = -1;
    let bestD = Infinity;
    heads.forEach((head, i) =>
      head.forEach((h) => {
        const d = distance(h, dot);
        if (d < bestD) [best, bestD] = [i, d];
      }),
    );
    if (best >= 0) groups[best]?.push(dot);
  }
  groups.forEach((group, i) => {
    const person = people[i];
    if (person && group.length >= 3) person.face = labelFace(group);
  });
}

/** Told how far the reading is: hands read of those found (the hands take nearly all the time). */
export type ReadingProgress = (handsRead: number, handsFound: number) => void;

/** A skeleton image read back: the pose, and the hands whose points are (wholly or partly) hidden because the drawing does not tell where they are. */
export interface SkeletonReading {
  pose: PoseDocument;
  uncertainHands: UncertainHand[];
}

/**
 * Reads an OpenPose skeleton image (as ControlNet draws it) back into a pose: animals by their
 * lines' colours and shapes; body joints by their colours and the limbs between them, feet
 * likewise (a "whole body with feet" drawing, whose profile the pose then keeps); hands by their
 * edge hues; face dots by their white.
 * What cannot be told (a point under another limb, a dot under another dot, a body joint another
 * person's limb reaches as strongly, a piece of a person another body could own, a hand whose arm
 * or points other readings draw as well) is left hidden or out, and the hands so hidden are named
 * (src/pose/README.md lists each rule); an image not mostly black (isOnBlack) reads as no one.
 */
export function readSkeleton(image: RgbaImage, onProgress?: ReadingProgress): SkeletonReading {
  const { width, height } = image;
  if (!isOnBlack(image)) return { pose: { canvas_width: width, canvas_height: height, people: [], animals: [] }, uncertainHands: [] };
  const packed = snapToDrawingColours(packedPixels(image), width);
  // Animals first: their lines' colours are also some of a person's, so their strokes are made
  // black before the people are read.
  const { animals, strokes } = readAnimals(packed, width, height);
  for (const i of strokes) packed[i] = 0;
  const bodies = doubtLimbsOverBlack(mergeFragments(readBodies(packed, width, height), packed, width, height), packed, width);
  const mask = jointMask(bodies, packed, width, height);
  const hands = readHands(packed, width, height, (i) => mask[i] === 1, handAnchors(bodies, packed, width, height), bodies.length, onProgress);
  const feet = readFeet(packed, width, height, bodies);
  const people: Person[] = bodies.map((body, n) => {
    const own = feet[n];
    return own?.some((p) => p !== null) ? { body: toKeypoints(body), feet: toKeypoints(own) } : { body: toKeypoints(body) };
  });
  const uncertainHands = attachHands(people, bodies, hands, { packed, width });
  attachFaces(people, readFaceDots(packed, width, height));
  // Feet are drawn only by the "whole body with feet" profile: a drawing with feet was drawn by it.
  const withFeet = people.some((p) => p.feet) ? { render_profile: 'feet' as const } : {};
  const pose = { canvas_width: width, canvas_height: height, people, animals: animals.map((a) => ({ keypoints: toKeypoints(a) })), ...withFeet };
  return { pose, uncertainHands };
}

/** The pose of an OpenPose skeleton image (readSkeleton's, without the names of the hands in doubt). */
export const poseFromPng = (image: RgbaImage, onProgress?: ReadingProgress): PoseDocument => readSkeleton(image, onProgress).pose;
