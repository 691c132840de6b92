import { createEmptyDocument, type Keypoint } from '../../pose/index.js';
import type { LibraryPreset } from '../types.js';
import { buildFaceShape, type Expression } from './faceShape.js';

/** A face expression as data. */
export interface ExpressionPresetSpec {
  id: string;
  name: string;
  tags: readonly string[];
  expression: Expression;
}

const CANVAS = 400;
const FACE_WIDTH_PX = 240;

/** Builds an expression's pose file: one person of whom only the 70-point face is shown, centred. */
export function buildExpressionPreset(spec: ExpressionPresetSpec): LibraryPreset {
  const { points, visible } = buildFaceShape(spec.expression);
  const origin = { x: CANVAS / 2 - 0.52 * FACE_WIDTH_PX, y: CANVAS / 2 - 0.6 * FACE_WIDTH_PX };
  const face = points.map(([x, y], i) => ({ x: origin.x + x * FACE_WIDTH_PX, y: origin.y + y * FACE_WIDTH_PX, visible: visible[i] }));
  const body: Keypoint[] = Array.from({ length: 18 }, () => ({ x: 0, y: 0, visible: false }));
  const pose = createEmptyDocument(CANVAS, CANVAS);
  pose.people.push({ body, face });
  return { id: spec.id, kind: 'face', name: spec.name, tags: spec.tags, pose };
}
