import { SIZE_MAX, SIZE_MIN } from '../../../api/contract';
import { importPoseJson, MAX_FIGURES, refitDocument, type PoseDocument, type PoseLayout, type PoseProblem, type PoseReading } from '../../../pose';
import { importPoseSequence, refitSequence } from '../../../pose/motion';
import { createScene, type Scene } from '../../../editor/model/scene';
import { sceneAtFrame } from '../../../editor/model/sequenceScene';

/** Largest pose file the editor reads: a hundred people with hands and faces, pretty-printed, fit many times over. */
export const MAX_POSE_FILE_BYTES = 8 * 1024 * 1024;

/** Why a pose file is too large to read, or null: checked before reading it, so a huge file cannot freeze the page. */
export function poseFileTooLarge(bytes: number): PoseProblem | null {
  return bytes > MAX_POSE_FILE_BYTES ? { code: 'fileTooLarge', values: { bytes, maxBytes: MAX_POSE_FILE_BYTES } } : null;
}

/** How a file was read, for the import note: its rules, its layouts, whether a body could be read another way, and the collection it came from. */
export interface ImportReading {
  reading: PoseReading;
  layouts: PoseLayout[];
  notes: string[];
  /** Whether the skeleton could not tell some body's layout (the parser gives the other reading too). */
  doubt: boolean;
  /** That other reading as a scene, for the user to switch to (a single pose only). */
  otherScene?: Scene | undefined;
  /** A collection of named poses: how many, and the name of the first (the one opened). */
  collection?: { count: number; name: string };
}

/** A pose file read for the editor: the scene with how it was read (by ControlNet's or OpenPose's rules), or the problem saying what is wrong. */
export type ImportResult = ({ ok: true; scene: Scene } & ImportReading) | { ok: false; problem: PoseProblem };

/** The document on a canvas the panel can take (whole pixels within 1..1024), scaled down with its aspect kept when larger. */
export function fitCanvas(doc: PoseDocument): PoseDocument {
  const scale = Math.min(1, SIZE_MAX / Math.max(doc.canvas_width, doc.canvas_height));
  const width = Math.max(SIZE_MIN, Math.min(SIZE_MAX, Math.round(doc.canvas_width * scale)));
  const height = Math.max(SIZE_MIN, Math.min(SIZE_MAX, Math.round(doc.canvas_height * scale)));
  return width === doc.canvas_width && height === doc.canvas_height ? doc : refitDocument(doc, width, height);
}

/** Reads people JSON (sd-webui-openpose-editor, ControlNet, DWPose) into a scene; never throws. */
export function readPoseText(text: string): ImportResult {
  const tooLarge = poseFileTooLarge(text.length);
  if (tooLarge) return { ok: false, problem: tooLarge };
  // A file with nothing to draw is refused with the reason, never shown as an empty canvas.
  const parsed = importPoseJson(text);
  if (!parsed.ok) return { ok: false, problem: parsed.error.problem };
  const figures = parsed.document.people.length + parsed.document.animals.length;
  if (figures > MAX_FIGURES) return { ok: false, problem: { code: 'tooManyFigures', values: { figures, max: MAX_FIGURES } } };
  const scene = withFrames(text, createScene(fitCanvas(parsed.document)));
  if ('problem' in scene) return { ok: false, problem: scene.problem };
  const { reading, layouts, notes, otherReading, poses } = parsed;
  // A list of frames is read one way: the other reading is of its first frame only.
  const otherScene = otherReading && !scene.sequence ? createScene(fitCanvas(otherReading.document)) : undefined;
  return {
    ok: true,
    scene,
    reading,
    layouts,
    notes,
    doubt: otherReading !== undefined,
    ...(otherScene ? { otherScene } : {}),
    ...(poses ? { collection: { count: poses.length, name: poses[0]?.name ?? '' } } : {}),
  };
}

// A list of frames (ComfyUI's POSE_KEYPOINT) becomes a sequence, one key a frame, on the first frame's canvas fitted as above.
// A later frame that cannot be read refuses the file, naming the frame, rather than opening the first frame alone.
function withFrames(text: string, scene: Scene): Scene | { problem: PoseProblem } {
  if (!/^\s*(\uFEFF)?\s*\[/.test(text)) return scene;
  const frames = importPoseSequence(text);
  if (!frames.ok) return { problem: frames.error.problem };
  if (frames.sequence.length < 2) return scene;
  const { canvas_width: width, canvas_height: height } = scene.pose;
  const sequence = refitSequence(frames.sequence, frames.canvas, width, height, 'fit');
  return sceneAtFrame(createScene({ ...scene.pose, people: [], animals: [] }, scene.reference, sequence), 0);
}
