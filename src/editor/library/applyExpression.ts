import { defaultFace, type Keypoint, type PoseDocument } from '../../pose';
import type { Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import type { PresetResult } from './applyBody';
import { applySimilarity, fitSimilarity } from './similarity';
import { targetPerson } from './targetPerson';

// Points an expression does not move: eye corners, the nose and the jaw's ends. The new face is
// fitted to the old one on these, so it keeps the old face's place, size and tilt.
const ANCHORS = [0, 16, 27, 28, 29, 30, 31, 35, 36, 39, 42, 45];

/** The expression's face fitted onto an existing face (its box, turn and place). */
export function fitExpression(face: readonly Keypoint[], expression: readonly Keypoint[]): Keypoint[] | null {
  const shared = ANCHORS.filter((i) => face[i]?.visible && expression[i]?.visible);
  const fit = fitSimilarity(
    shared.map((i) => expression[i]),
    shared.map((i) => face[i]),
  );
  return fit ? expression.map((p) => ({ ...applySimilarity(fit, p), visible: p.visible })) : null;
}

/** An expression preset on the selected person's face (a new one is laid on the head first if they have none). */
export function applyExpressionPreset(scene: Scene, selection: Selection, preset: PoseDocument): PresetResult {
  const index = targetPerson(scene, selection);
  const person = index === null ? undefined : scene.pose.people[index];
  const expression = preset.people[0]?.face;
  if (index === null || !person || !expression) return { scene, selection };
  const face = fitExpression(person.face ?? defaultFace(person), expression);
  if (!face) return { scene, selection };
  const people = scene.pose.people.slice();
  people[index] = { ...person, face };
  return { scene: { ...scene, pose: { ...scene.pose, people } }, selection };
}
