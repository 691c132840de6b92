import {
  BODY,
  BODY_LIMBS,
  boundingBox,
  handsFollowWrists,
  hidesFacingAway,
  mapPerson,
  personTurn,
  setPersonTurn,
  translation,
  type Keypoint,
  type Person,
  type PoseDocument,
  type Vec2,
  withFigureInfo,
} from '../../pose';
import { appendEntities } from '../model/entities';
import type { EntityRef, Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import { freeOffset } from '../actions/placement';
import { applySimilarity, fitSimilarity } from './similarity';
import { selectedPeople } from './targetPerson';

/** The result of applying a preset: the new scene and what is selected after it. */
export interface PresetResult {
  scene: Scene;
  selection: Selection;
}

const bodyBox = (body: readonly Keypoint[]) => boundingBox(body);
const len = (body: readonly Keypoint[], [a, b]: readonly [number, number]) =>
  body[a]?.visible && body[b]?.visible ? Math.hypot(body[b].x - body[a].x, body[b].y - body[a].y) : null;

/** How much bigger `target` is than `model`: the median ratio of the limbs both show (so a turned limb does not decide it). */
export function sizeRatio(target: readonly Keypoint[], model: readonly Keypoint[]): number | null {
  const ratios = BODY_LIMBS.flatMap((limb) => {
    const [t, m] = [len(target, limb), len(model, limb)];
    return t && m && m > 1e-6 ? [t / m] : [];
  }).sort((x, y) => x - y);
  if (ratios.length === 0) return null;
  const mid = Math.floor(ratios.length / 2);
  return ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
}

/** Where a body stands: the middle of the bottom of its box (the feet on the ground, whatever the pose). */
export function standPoint(body: readonly Keypoint[]): Vec2 | null {
  const box = bodyBox(body);
  return box ? { x: (box.minX + box.maxX) / 2, y: box.maxY } : null;
}

// The face rides on the head: fitted from the old head points to the new ones (eyes, nose, neck).
const HEAD = [BODY.nose, BODY.neck, BODY.right_eye, BODY.left_eye];
function carryFace(before: Person, body: readonly Keypoint[]): Keypoint[] | undefined {
  if (!before.face) return undefined;
  const shared = HEAD.filter((i) => before.body[i]?.visible && body[i]?.visible);
  const fit = fitSimilarity(
    shared.map((i) => before.body[i]),
    shared.map((i) => body[i]),
  );
  return fit ? before.face.map((p) => ({ ...applySimilarity(fit, p), visible: p.visible })) : undefined;
}

/** The person posed as `model` (already placed), keeping the hands and face they had where the new pose still shows wrist or head. */
export function reposePerson(before: Person, model: Person): Person {
  const wristShown = (i: number) => model.body[i]?.visible === true && before.body[i]?.visible === true;
  const withHands = handsFollowWrists(before, { body: model.body, leftHand: before.leftHand, rightHand: before.rightHand });
  return {
    body: model.body,
    leftHand: before.leftHand && wristShown(BODY.left_wrist) ? withHands.leftHand : model.leftHand,
    rightHand: before.rightHand && wristShown(BODY.right_wrist) ? withHands.rightHand : model.rightHand,
    face: carryFace(before, model.body) ?? model.face,
  };
}

const scaleAbout = (k: number, from: Vec2, to: Vec2) => (p: Vec2) => ({ x: to.x + (p.x - from.x) * k, y: to.y + (p.y - from.y) * k });

// A turned person is posed as they stand unturned and turned back after: the turn is kept, and the preset is sized on untwisted limbs.
const unturned = (person: Person) => (person.figure?.turn ? setPersonTurn(person, { yaw: 0, pitch: 0 }) : person);

/** The figure `before` with the points of `posed` (posed from its unturned points): its record (id, name, lock, pins, turn) kept, turned as it was, standing where it stood. */
function onFigure(before: Person, posed: Person): Person {
  const kept = before.figure ? withFigureInfo({ ...posed, figure: before.figure }, { turn: undefined }) : posed;
  if (!before.figure?.turn) return kept;
  const turned = setPersonTurn(kept, personTurn(before), { hideFacingAway: hidesFacingAway(before) });
  const [from, to] = [standPoint(turned.body), standPoint(before.body)];
  return from && to ? mapPerson(turned, translation(to.x - from.x, to.y - from.y)) : turned;
}

function replace(scene: Scene, targets: number[], preset: PoseDocument): PresetResult {
  const flat = targets.map((index) => unturned(scene.pose.people[index]));
  const model = preset.people[0];
  const k = sizeRatio(flat[0].body, model.body) ?? scene.pose.canvas_height / preset.canvas_height;
  const [from, to] = [standPoint(model.body), standPoint(flat[0].body)];
  const place = scaleAbout(k, from ?? { x: 0, y: 0 }, to ?? from ?? { x: 0, y: 0 });
  const placed = preset.people.map((p) => mapPerson(p, place));
  const people = scene.pose.people.slice();
  // Preset people go onto the selected people in order, changing their points only; any left over join the scene.
  targets.slice(0, placed.length).forEach((index, i) => (people[index] = onFigure(people[index], reposePerson(flat[i], placed[i]))));
  const base = { ...scene, pose: { ...scene.pose, people } };
  const { scene: next, added } = appendEntities(base, placed.slice(targets.length), []);
  const kept: EntityRef[] = targets.slice(0, placed.length).map((index) => ({ kind: 'person', index }));
  return { scene: next, selection: { entities: [...kept, ...added], joint: null } };
}

// Points off the canvas do not survive a save (people JSON hides x <= 0), so new people are moved in when they fit.
function keepOnCanvas(people: Person[], width: number, height: number): Person[] {
  const box = boundingBox(people.flatMap((p) => p.body));
  if (!box) return people;
  const shift = (min: number, max: number, size: number) => (max - min > size - 2 ? 0 : min < 1 ? 1 - min : max > size - 1 ? size - 1 - max : 0);
  const [dx, dy] = [shift(box.minX, box.maxX, width), shift(box.minY, box.maxY, height)];
  return dx === 0 && dy === 0 ? people : people.map((p) => mapPerson(p, (q) => ({ x: q.x + dx, y: q.y + dy })));
}

function add(scene: Scene, preset: PoseDocument): PresetResult {
  const k = scene.pose.canvas_height / preset.canvas_height;
  const box = boundingBox(preset.people.flatMap((p) => p.body));
  const from = { x: box ? (box.minX + box.maxX) / 2 : preset.canvas_width / 2, y: 0 };
  const scaled = preset.people.map((p) => mapPerson(p, scaleAbout(k, from, { x: scene.pose.canvas_width / 2, y: 0 })));
  const offset = freeOffset(scene, boundingBox(scaled.flatMap((p) => p.body)));
  const placed = scaled.map((p) => mapPerson(p, (q) => ({ x: q.x + offset.x, y: q.y })));
  const { scene: next, added } = appendEntities(scene, keepOnCanvas(placed, scene.pose.canvas_width, scene.pose.canvas_height), []);
  return { scene: next, selection: { entities: added, joint: null } };
}

/**
 * A body preset on the scene: it replaces the selected (unlocked) people's poses, standing where
 * they stood at their size, keeping their hands and face where they fit; with nobody selected
 * its people are added, at the preset's size relative to the canvas.
 */
export function applyBodyPreset(scene: Scene, selection: Selection, preset: PoseDocument): PresetResult {
  if (preset.people.length === 0) return { scene, selection };
  const targets = selectedPeople(scene, selection);
  return targets.length > 0 ? replace(scene, targets, preset) : add(scene, preset);
}
