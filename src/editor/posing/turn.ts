import {
  hidesFacingAway,
  NO_TURN,
  personTurn,
  setPersonTurn,
  withFigureInfo,
  withPlausibleDepth,
  type Bends,
  type Person,
  type Turn,
  type TurnOptions,
} from '../../pose';
import { updateFigures } from '../model/entities';
import { isLocked, pinsOf, type Scene } from '../model/scene';
import { figurePerson, personFigure } from './figure';
import { restorePins3d } from './push';
import { skeletonOf } from './skeleton';

/** The turn of a scene's person (none for an index with no person). */
export function sceneTurn(scene: Scene, index: number): Turn {
  const person = scene.pose.people[index];
  return person ? personTurn(person) : NO_TURN;
}

/**
 * The scene with one person turned to a yaw and pitch (degrees), the points facing away hidden or
 * shown as `options` say (else as before): their points and their figure record's turn change
 * together, as one edit. Pinned joints stay where they are, as with the turn handle (the turn going
 * only as far as they allow). A locked person or nothing to change gives the same scene.
 */
export function turnPersonInScene(scene: Scene, index: number, turn: Turn, options: TurnOptions = {}): Scene {
  const person = scene.pose.people[index];
  const current = sceneTurn(scene, index);
  const turns = current.yaw !== turn.yaw || current.pitch !== turn.pitch;
  const ref = { kind: 'person' as const, index };
  if (!person || isLocked(scene, ref)) return scene;
  if (!turns || !pinsOf(scene, ref).length) return turnedFreely(scene, index, turn, options);
  return turnKeepingPins(scene, index, withPlausibleDepth(person), current, turn) ?? scene;
}

// The person turned with no regard for pins.
function turnedFreely(scene: Scene, index: number, turn: Turn, options: TurnOptions = {}): Scene {
  const ref = { kind: 'person' as const, index };
  const person = scene.pose.people[index];
  const current = sceneTurn(scene, index);
  if (!person || isLocked(scene, ref)) return scene;
  const sameHiding = options.hideFacingAway === undefined || options.hideFacingAway === hidesFacingAway(person);
  if (current.yaw === turn.yaw && current.pitch === turn.pitch && sameHiding) return scene;
  return updateFigures(scene, [ref], { person: (p) => withBendsSeenFrom(setPersonTurn(p, turn, options), current, turn) });
}

// Whether the body's front faces the viewer: a turn past 90° shows it from behind, each limb's bend mirrored.
const facesViewer = (t: Turn) => Math.cos((t.yaw * Math.PI) / 180) * Math.cos((t.pitch * Math.PI) / 180) >= 0;

// The person's kept bend sides as seen after a turn: mirrored when the turn shows the other face of the body.
function withBendsSeenFrom(person: Person, from: Turn, to: Turn): Person {
  const bends = person.figure?.bends;
  if (!bends || facesViewer(from) === facesViewer(to)) return person;
  return withFigureInfo(person, { bends: Object.fromEntries(Object.entries(bends).map(([end, side]) => [end, -side!])) as Bends });
}

/**
 * A turn-handle drag's scene: the person turned from `base` (them as pressed, given their depth
 * once at the press, so each move only turns); the scene itself while the turn is the one they
 * started with, so a drag back to the start is no edit. Pinned joints stay where they are in 3D,
 * the limbs above them bending to keep them as a push does; the turn goes only as far as that allows.
 */
export function turnPersonFrom(scene: Scene, index: number, base: Person, start: Turn, turn: Turn): Scene {
  if (turn.yaw === start.yaw && turn.pitch === start.pitch) return scene;
  // Turns are whole degrees: pointer moves within one degree give the very same scene, not a new one to draw.
  const last = lastTurnDrag;
  if (last && last.scene === scene && last.base === base && last.index === index && last.turn.yaw === turn.yaw && last.turn.pitch === turn.pitch)
    return last.result;
  const result = turnKeepingPins(scene, index, base, start, turn) ?? scene;
  lastTurnDrag = { scene, base, index, turn, result };
  return result;
}

// The person turned from `base` to `turn` with each pinned joint put back; null when the pins cannot be kept.
function turnedWithPins(scene: Scene, index: number, base: Person, turn: Turn): Scene | null {
  const ref = { kind: 'person' as const, index };
  const turned = turnedFreely(updateFigures(scene, [ref], { person: () => base }), index, turn);
  const pins = pinsOf(scene, ref);
  const person = turned.pose.people[index];
  if (!pins.length || !person) return turned;
  const after = personFigure(person);
  if (!restorePins3d(personFigure(base), after, skeletonOf('person'), pins)) return null;
  return updateFigures(turned, [ref], { person: (p) => figurePerson(after, p) });
}

const stepToward = (from: number, to: number, t: number) => Math.round(from + wrapDegrees(to - from) * t);

// Halvings of a turn the pins forbid in full: a tenth of a degree is below the whole degrees turns take.
const PIN_SEARCH_STEPS = 12;

// The turn as far toward `turn` as the pins allow (whole degrees); null when they allow none of it.
function turnKeepingPins(scene: Scene, index: number, base: Person, start: Turn, turn: Turn): Scene | null {
  const at = (t: number) => ({ yaw: wrapDegrees(stepToward(start.yaw, turn.yaw, t)), pitch: wrapDegrees(stepToward(start.pitch, turn.pitch, t)) });
  const full = turnedWithPins(scene, index, base, turn);
  if (full) return full;
  let [lo, hi, best] = [0, 1, null as Scene | null];
  for (let i = 0; i < PIN_SEARCH_STEPS; i++) {
    const t = (lo + hi) / 2;
    const partial = at(t);
    const next = partial.yaw === start.yaw && partial.pitch === start.pitch ? null : turnedWithPins(scene, index, base, partial);
    if (next) [lo, best] = [t, next];
    else hi = t;
  }
  return best;
}

/** Whether a person's pins hold them against any turn from `start` (a degree either way in yaw or pitch moves a pin that cannot be put back). */
export function turnHeldByPins(scene: Scene, index: number, base: Person, start: Turn): boolean {
  if (!pinsOf(scene, { kind: 'person', index }).length) return false;
  const tries = [
    { yaw: start.yaw + 1, pitch: start.pitch },
    { yaw: start.yaw - 1, pitch: start.pitch },
    { yaw: start.yaw, pitch: start.pitch + 1 },
    { yaw: start.yaw, pitch: start.pitch - 1 },
  ];
  return tries.every((turn) => !turnedWithPins(scene, index, base, { yaw: wrapDegrees(turn.yaw), pitch: wrapDegrees(turn.pitch) }));
}

let lastTurnDrag: { scene: Scene; base: Person; index: number; turn: Turn; result: Scene } | null = null;

/** Whether a scene's person hides the points that face away when turned (the default). */
export const sceneHidesFacingAway = (scene: Scene, index: number): boolean => {
  const person = scene.pose.people[index];
  return person ? hidesFacingAway(person) : true;
};

/** Degrees of turn for a drag across the person's whole frame (a drag across it turns them round to their back). */
export const DEGREES_PER_SPAN = 180;

const wrapDegrees = (a: number) => ((((a + 180) % 360) + 360) % 360) - 180;

/**
 * The turn a drag on the turn handle gives, like a globe held by its front: right turns the front
 * toward the image right (yaw), down tips the top toward the viewer (pitch). `span` is the
 * person's frame size in the drag's units; whole degrees, or 15° steps with `snap`.
 */
export function turnFromDrag(start: Turn, delta: { x: number; y: number }, span: number, snap: boolean): Turn {
  const step = snap ? 15 : 1;
  const degrees = (d: number, from: number) => wrapDegrees(Math.round((from + (d / Math.max(span, 1)) * DEGREES_PER_SPAN) / step) * step);
  return { yaw: degrees(delta.x, start.yaw), pitch: degrees(delta.y, start.pitch) };
}
