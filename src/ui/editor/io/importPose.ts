import { parsePoseJson, rescaleDocument, type PoseDocument } from '../../../pose';
import { createScene, type Scene } from '../model/scene';

/** The panel accepts image sides up to this (SPEC.md section 5). */
export const MAX_SIDE = 1024;

/** A pose file read for the editor: the scene, or parsePoseJson's message saying what is wrong. */
export type ImportResult = { ok: true; scene: Scene } | { ok: false; message: string };

/** The document on a canvas the panel can take (whole pixels within 1..1024), scaled down with its aspect kept when larger. */
export function fitCanvas(doc: PoseDocument): PoseDocument {
  const scale = Math.min(1, MAX_SIDE / Math.max(doc.canvas_width, doc.canvas_height));
  const width = Math.max(1, Math.min(MAX_SIDE, Math.round(doc.canvas_width * scale)));
  const height = Math.max(1, Math.min(MAX_SIDE, Math.round(doc.canvas_height * scale)));
  return width === doc.canvas_width && height === doc.canvas_height ? doc : rescaleDocument(doc, width, height);
}

/** Reads people JSON (sd-webui-openpose-editor, ControlNet, DWPose) into a scene; never throws. */
export function readPoseText(text: string): ImportResult {
  const parsed = parsePoseJson(text);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  return { ok: true, scene: createScene(fitCanvas(parsed.document)) };
}
