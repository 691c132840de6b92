import { DEFAULT_RENDER_PROFILE } from '../render/profiles.js';
import type { Keypoint, PoseDocument } from '../types.js';
import { figureInfo, hasFigureAttributes } from '../figure.js';
import { depthJson } from './depthJson.js';
import { FIGURES_KEY, type OpenPoseJson, type OpenPosePersonJson } from './openPoseJson.js';

/** Flattens keypoints to x, y, 1 triples in pixels; a hidden point becomes 0, 0, 0. */
export function flattenKeypoints(points: readonly Keypoint[]): number[] {
  // A loop, not flatMap: a small array per point made this most of the server's time per prompt
  // after parsing (every submitted pose is stored in this form).
  const flat: number[] = [];
  for (const p of points) {
    if (p.visible) flat.push(p.x, p.y, 1);
    else flat.push(0, 0, 0);
  }
  return flat;
}

function personJson(person: PoseDocument['people'][number]): OpenPosePersonJson {
  // Same keys and order as sd-webui-openpose-editor; an absent part has no key at all.
  const json: OpenPosePersonJson = { pose_keypoints_2d: flattenKeypoints(person.body) };
  if (person.rightHand) json.hand_right_keypoints_2d = flattenKeypoints(person.rightHand);
  if (person.leftHand) json.hand_left_keypoints_2d = flattenKeypoints(person.leftHand);
  if (person.face) json.face_keypoints_2d = flattenKeypoints(person.face);
  if (person.feet) json.foot_keypoints_2d = flattenKeypoints(person.feet);
  // The 3D keys go after every 2D key, which stay exactly what ControlNet's tools write.
  return { ...json, ...depthJson(person) };
}

/** How a document is written: `ids` keeps every figure's id (a request naming figures by id), not only the attributes a file needs. */
export interface OpenPoseJsonOptions {
  ids?: boolean;
}

/** Converts a document to the people JSON that sd-webui-openpose-editor exports and ControlNet reads. */
export function toOpenPoseJson(doc: PoseDocument, options: OpenPoseJsonOptions = {}): OpenPoseJson {
  return {
    people: doc.people.map(personJson),
    animals: doc.animals.map((a) => flattenKeypoints(a.keypoints)),
    canvas_width: doc.canvas_width,
    canvas_height: doc.canvas_height,
    ...(doc.render_profile && doc.render_profile !== DEFAULT_RENDER_PROFILE ? { render_profile: doc.render_profile } : {}),
    ...figuresJson(doc, options.ids === true),
  };
}

// Figure info goes in one extra key only when some figure has a name, a lock, pins or hidden
// points to remember (or its ids are asked for): a plain pose's file stays exactly what ControlNet's own tools write.
function figuresJson(doc: PoseDocument, ids: boolean): Pick<OpenPoseJson, 'posecraft_figures'> {
  const figures = [...doc.people, ...doc.animals];
  if (!figures.some(hasFigureAttributes) && !(ids && figures.some((f) => f.figure?.id))) return {};
  return { [FIGURES_KEY]: { people: doc.people.map(figureInfo), animals: doc.animals.map(figureInfo) } };
}

/** Serializes a document as people JSON text. */
export function stringifyPoseDocument(doc: PoseDocument, indent?: number): string {
  return JSON.stringify(toOpenPoseJson(doc), null, indent);
}
