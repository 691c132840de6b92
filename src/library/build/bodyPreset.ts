import { boundingBox, createEmptyDocument, type Keypoint, type PoseDocument } from '../../pose/index.js';
import type { LibraryPreset } from '../types.js';
import { buildBody, type BodySpec } from './skeleton.js';

/** Pixels per stature in preset files: a standing person's eyes-to-ankles comes to about 440 of 600, as the built-in person. */
export const PRESET_STATURE_PX = 500;
/** Where the lowest point of every preset person lands on its 600-pixel-high canvas. */
export const PRESET_GROUND_Y = 520;

/** One person of a body preset: the pose and where it stands, in statures from the canvas centre. */
export interface PlacedBody {
  body: BodySpec;
  x?: number;
  /** Raise above the ground in statures (a jump). */
  lift?: number;
}

/** A body preset as data: one or more posed people. */
export interface BodyPresetSpec {
  id: string;
  name: string;
  tags: readonly string[];
  people: readonly PlacedBody[];
  /** A 600-wide canvas instead of 400 (two people, lying down). */
  wide?: boolean;
}

function place(points: Keypoint[], centreX: number, groundY: number): Keypoint[] {
  const box = boundingBox(points.filter((p) => p.visible)) ?? { minX: 0, maxX: 0, minY: 0, maxY: 0 };
  const dx = centreX - ((box.minX + box.maxX) / 2) * PRESET_STATURE_PX;
  const dy = groundY - box.maxY * PRESET_STATURE_PX;
  return points.map((p) => ({ x: p.x * PRESET_STATURE_PX + dx, y: p.y * PRESET_STATURE_PX + dy, visible: p.visible }));
}

/** Builds a body preset's pose file from its joint angles. */
export function buildBodyPreset(spec: BodyPresetSpec): LibraryPreset {
  const doc: PoseDocument = createEmptyDocument(spec.wide ? 600 : 400, 600);
  for (const person of spec.people) {
    const centreX = doc.canvas_width / 2 + (person.x ?? 0) * PRESET_STATURE_PX;
    const body = place(buildBody(person.body), centreX, PRESET_GROUND_Y - (person.lift ?? 0) * PRESET_STATURE_PX);
    doc.people.push({ body });
  }
  return { id: spec.id, kind: 'body', name: spec.name, tags: spec.tags, pose: doc };
}
