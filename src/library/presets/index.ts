import { buildBodyPreset } from '../build/bodyPreset.js';
import { buildExpressionPreset } from '../build/expressionPreset.js';
import { buildGesturePreset } from '../build/gesturePreset.js';
import type { LibraryPreset, PresetKind } from '../types.js';
import { BODY_PRESET_SPECS } from './bodyPresets.js';
import { EXPRESSION_PRESET_SPECS } from './expressionPresets.js';
import { GESTURE_PRESET_SPECS } from './gesturePresets.js';

/** Every built-in preset, built from its joint angles: body poses, then gestures, then expressions. */
export const PRESETS: readonly LibraryPreset[] = [
  ...BODY_PRESET_SPECS.map(buildBodyPreset),
  ...GESTURE_PRESET_SPECS.map(buildGesturePreset),
  ...EXPRESSION_PRESET_SPECS.map(buildExpressionPreset),
];

/** The built-in presets of one kind. */
export function presetsOf(kind: PresetKind): LibraryPreset[] {
  return PRESETS.filter((p) => p.kind === kind);
}

/** The built-in preset with this id, if any. */
export function findPreset(id: string): LibraryPreset | undefined {
  return PRESETS.find((p) => p.id === id);
}
