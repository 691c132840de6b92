/**
 * Turns per-frame pose estimates into a sequence: the same person keeps the same index in every
 * frame (tracked from frame to frame by nearest body), and each point's trembling is smoothed.
 */
import { matchNearest } from '../estimate/matchNearest.js';
import type { OpenPoseJson, OpenPosePersonJson } from '../json/openPoseJson.js';
import { OneEuroFilter, POSE_ONE_EURO, type OneEuroSettings } from './oneEuro.js';

/** A person's point arrays (x, y, confidence triples) under their OpenPose keys. */
type PointKey = Exclude<keyof OpenPosePersonJson, `${string}_3d`>;
const POINT_KEYS: readonly PointKey[] = ['pose_keypoints_2d', 'hand_left_keypoints_2d', 'hand_right_keypoints_2d', 'face_keypoints_2d', 'foot_keypoints_2d'];

/** A detection farther than this many body sizes from every known person starts a new one. */
const MATCH_LIMIT_BODIES = 1;
/** The smallest body size counted, in canvas diagonals: a body seen as a dot still has a reach. */
const MIN_BODY_SIZE = 0.02;

interface Box {
  cx: number;
  cy: number;
  size: number;
}

/** The centre and diagonal of the seen points of an array of triples; null when none is seen. */
function boxOf(points: readonly number[] | undefined): Box | null {
  if (!points) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < points.length; i += 3) {
    if (!(points[i + 2] > 0)) continue;
    minX = Math.min(minX, points[i]);
    maxX = Math.max(maxX, points[i]);
    minY = Math.min(minY, points[i + 1]);
    maxY = Math.max(maxY, points[i + 1]);
  }
  if (minX > maxX) return null;
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, size: Math.hypot(maxX - minX, maxY - minY) };
}

/** Where a person is: the box of their body, or of any part when no body point is seen. */
const personBox = (person: OpenPosePersonJson): Box | null =>
  boxOf(person.pose_keypoints_2d) ?? POINT_KEYS.map((key) => boxOf(person[key])).find((box) => box !== null) ?? null;

/**
 * How far a detection is from a known person, in the known person's body sizes: the mean distance of
 * the body points both show, or of the boxes' centres when they share fewer than two.
 */
function bodyDistance(known: OpenPosePersonJson, seen: OpenPosePersonJson, minSize: number): number {
  const [a, b] = [known.pose_keypoints_2d, seen.pose_keypoints_2d];
  const knownBox = personBox(known);
  const seenBox = personBox(seen);
  if (!knownBox || !seenBox) return Infinity;
  const size = Math.max(knownBox.size, minSize);
  let sum = 0;
  let shared = 0;
  for (let i = 0; i + 2 < Math.min(a.length, b.length); i += 3) {
    if (!(a[i + 2] > 0 && b[i + 2] > 0)) continue;
    sum += Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1]);
    shared++;
  }
  const distance = shared >= 2 ? sum / shared : Math.hypot(knownBox.cx - seenBox.cx, knownBox.cy - seenBox.cy);
  return distance / size;
}

/** The same person with every point hidden (zeros), standing in for a frame where they are not seen. */
function unseen(person: OpenPosePersonJson): OpenPosePersonJson {
  const hidden: OpenPosePersonJson = { pose_keypoints_2d: person.pose_keypoints_2d.map(() => 0) };
  for (const key of POINT_KEYS) {
    const points = person[key];
    if (points) hidden[key] = points.map(() => 0);
  }
  return hidden;
}

/**
 * Orders each frame's people so that index i is the same person in every frame: each frame's
 * detections are paired with the people known so far (closest first, within a body's size of where
 * each was last seen); the others become new people at the end. A person not seen in a frame is
 * written with every point hidden there, so indices line up.
 */
export function trackPeople(frames: readonly OpenPoseJson[]): OpenPoseJson[] {
  const lastSeen: OpenPosePersonJson[] = [];
  const assigned: Array<Array<OpenPosePersonJson | null>> = frames.map((frame) => {
    const minSize = MIN_BODY_SIZE * Math.hypot(frame.canvas_width, frame.canvas_height);
    const people = frame.people;
    const matches = matchNearest(
      lastSeen.length,
      people.length,
      (known, seen) => bodyDistance(lastSeen[known], people[seen], minSize),
      () => MATCH_LIMIT_BODIES,
    );
    const slots: Array<OpenPosePersonJson | null> = lastSeen.map(() => null);
    for (const { anchor, candidate } of matches) slots[anchor] = people[candidate];
    const matched = new Set(matches.map((m) => m.candidate));
    for (const [index, person] of people.entries()) if (!matched.has(index) && personBox(person)) slots.push(person);
    slots.forEach((person, index) => {
      if (person) lastSeen[index] = person;
    });
    return slots;
  });
  return frames.map((frame, f) => ({
    ...frame,
    people: lastSeen.map((person, index) => assigned[f][index] ?? unseen(person)),
  }));
}

/** A coordinate to a hundredth of a pixel: finer is noise, and a 161-frame sequence stays a few megabytes of JSON. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * Smooths every seen point of a tracked sequence over time with a One Euro filter per coordinate; a
 * point hidden in a frame restarts its filter, so it does not glide in from where it was last seen.
 */
export function smoothPeople(frames: readonly OpenPoseJson[], fps: number, settings: OneEuroSettings = POSE_ONE_EURO): OpenPoseJson[] {
  const filters = new Map<string, [OneEuroFilter, OneEuroFilter]>();
  const filtersOf = (id: string): [OneEuroFilter, OneEuroFilter] => {
    let pair = filters.get(id);
    if (!pair) filters.set(id, (pair = [new OneEuroFilter(settings), new OneEuroFilter(settings)]));
    return pair;
  };
  return frames.map((frame, f) => ({
    ...frame,
    people: frame.people.map((person, p) => {
      const smoothed: OpenPosePersonJson = { ...person };
      for (const key of POINT_KEYS) {
        const points = person[key];
        if (!points) continue;
        const out = [...points];
        for (let i = 0; i + 2 < points.length; i += 3) {
          const [fx, fy] = filtersOf(`${p}:${key}:${i}`);
          if (points[i + 2] > 0) {
            out[i] = hundredths(fx.filter(points[i], f / fps));
            out[i + 1] = hundredths(fy.filter(points[i + 1], f / fps));
          } else {
            fx.reset();
            fy.reset();
          }
        }
        smoothed[key] = out;
      }
      return smoothed;
    }),
  }));
}
