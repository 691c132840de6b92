import { attachDefaultFace, attachDefaultFeet, attachDefaultHand, BODY, type HandSide, type Keypoint, type Person } from '../../pose';
import { updateEntities } from '../model/entities';
import { getJoint, setJoint } from '../model/joints';
import { isLocked, type EntityRef, type Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import { revealPoint } from './revealPoint';
import type { EditAction } from './types';

/** The people an edit of parts applies to: the selected ones, or the selected joint's owner. */
function targetPeople(scene: Scene, selection: Selection): EntityRef[] {
  const refs = selection.entities.length ? selection.entities : selection.joint ? [selection.joint.entity] : [];
  return refs.filter((r) => r.kind === 'person' && !isLocked(scene, r));
}

// A point with no place (hidden on import as 0, 0) cannot be shown where it is.
const placed = (p: Keypoint) => p.x > 0 && p.y > 0;

/** Shows, hides or adds a part, in that order of need: missing → default part; any shown → hide all; all hidden → show all. */
function togglePart(person: Person, key: 'leftHand' | 'rightHand' | 'face' | 'feet', create: (p: Person) => Person, anyShown: boolean): Person {
  const points = person[key];
  if (!points) return create(person);
  if (anyShown) return { ...person, [key]: points.map((p) => ({ ...p, visible: false })) };
  if (!points.every(placed)) return create(person);
  return { ...person, [key]: points.map((p) => ({ ...p, visible: true })) };
}

function handSides(selection: Selection): HandSide[] {
  const j = selection.joint;
  if (j?.part === 'body' && j.index === BODY.left_wrist) return ['left'];
  if (j?.part === 'body' && j.index === BODY.right_wrist) return ['right'];
  return ['left', 'right'];
}

const handKey = (side: HandSide): 'leftHand' | 'rightHand' => (side === 'left' ? 'leftHand' : 'rightHand');

const toggleHands: EditAction = {
  kind: 'edit',
  name: 'toggleHands',
  labelKey: 'editor.actions.toggleHands',
  keys: ['K'],
  enabled: (scene, selection) => targetPeople(scene, selection).length > 0,
  perform(scene, selection) {
    const sides = handSides(selection);
    const people = targetPeople(scene, selection);
    // One decision for every target, so a mixed selection ends up all shown or all hidden.
    const anyMissing = people.some((r) => sides.some((s) => !scene.pose.people[r.index]?.[handKey(s)]));
    const anyShown = !anyMissing && people.some((r) => sides.some((s) => scene.pose.people[r.index]?.[handKey(s)]?.some((p) => p.visible)));
    return updateEntities(scene, people, {
      person: (p) => sides.reduce((acc, s) => (anyMissing && acc[handKey(s)] ? acc : togglePart(acc, handKey(s), (q) => attachDefaultHand(q, s), anyShown)), p),
    });
  },
};

// The face and the feet are one part each: added when missing, else hidden or shown for every target alike.
const toggleWholePart = (name: string, key: 'face' | 'feet', shortcut: string, attach: (p: Person) => Person): EditAction => ({
  kind: 'edit',
  name,
  labelKey: `editor.actions.${name}`,
  keys: [shortcut],
  enabled: (scene, selection) => targetPeople(scene, selection).length > 0,
  perform(scene, selection) {
    const people = targetPeople(scene, selection);
    const anyMissing = people.some((r) => !scene.pose.people[r.index]?.[key]);
    const anyShown = !anyMissing && people.some((r) => scene.pose.people[r.index]?.[key]?.some((p) => p.visible));
    return updateEntities(scene, people, { person: (p) => (anyMissing && p[key] ? p : togglePart(p, key, attach, anyShown)) });
  },
});

const toggleFace = toggleWholePart('toggleFace', 'face', 'G', attachDefaultFace);
const toggleFeet = toggleWholePart('toggleFeet', 'feet', 'T', attachDefaultFeet);

const togglePoint: EditAction = {
  kind: 'edit',
  name: 'togglePoint',
  labelKey: 'editor.actions.togglePoint',
  keys: ['V'],
  enabled: (scene, selection) => !!selection.joint && !isLocked(scene, selection.joint.entity) && !!getJoint(scene, selection.joint),
  perform(scene, selection) {
    const ref = selection.joint;
    const point = ref && getJoint(scene, ref);
    if (!ref || !point || isLocked(scene, ref.entity)) return scene;
    return setJoint(scene, ref, point.visible ? { ...point, visible: false } : revealPoint(scene, ref));
  },
};

/** Actions that add, show and hide hands, faces, feet and single points. */
export const PART_ACTIONS: EditAction[] = [toggleHands, toggleFace, toggleFeet, togglePoint];
