// The sequence's files: every frame's POSE_KEYPOINT, a ZIP of OpenPose and depth PNG frames, a WebM video of the
// OpenPose drawing. Loaded when an export is asked for, so the editor opens without the zip and mux code.
import { zipSync } from 'fflate';
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { documentSolids, paintDepthMap, renderBodySurface, type PoseDocument } from '../../../pose';
import { allFrames, exportPoseSequence } from '../../../pose/motion';
import type { Scene } from '../../../editor/model/scene';
import { sequenceOf } from '../../../editor/model/timelineEdits';
import { renderPoseCanvas } from '../io/renderPng';

/** Every frame of the scene's sequence as POSE_KEYPOINT JSON text (the list ComfyUI's video nodes take). */
export function sequenceJson(scene: Scene): string {
  return JSON.stringify(exportPoseSequence(sequenceOf(scene), scene.pose));
}

const pngBytes = (canvas: HTMLCanvasElement) =>
  new Promise<Uint8Array>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? blob.arrayBuffer().then((b) => resolve(new Uint8Array(b)), reject) : reject(new Error('PNG encoding failed'))),
      'image/png',
    ),
  );

/** The name of frame i in the ZIP, in its kind's folder (openpose/ or depth/): five digits, so files sort in frame order. */
export const frameFileName = (kind: 'openpose' | 'depth', i: number): string => `${kind}/frame_${String(i).padStart(5, '0')}.png`;

// The canvas's size in whole pixels, as the OpenPose drawing has it.
const frameSize = (pose: PoseDocument): [number, number] => [Math.max(1, Math.round(pose.canvas_width)), Math.max(1, Math.round(pose.canvas_height))];

/**
 * The nearest and farthest body depth over every frame, from the solids themselves (no frame drawn
 * twice): a solid's front reaches its axis depth plus its radius, and its visible rim lies at its
 * axis depth, so every visible body pixel is inside the range.
 */
export function sequenceDepthRange(frames: readonly PoseDocument[], width: number, height: number): { near: number; far: number } {
  let [near, far] = [-Infinity, Infinity];
  for (const pose of frames) {
    for (const solid of documentSolids(pose, width, height)) {
      const [front, rim] =
        solid.kind === 'capsule'
          ? [Math.max(solid.a.z, solid.b.z) + solid.radius, Math.min(solid.a.z, solid.b.z)]
          : [solid.centre.z + solid.radii.z, solid.centre.z];
      [near, far] = [Math.max(near, front), Math.min(far, rim)];
    }
  }
  return { near, far };
}

/**
 * A frame's depth map over the sequence's depth range rather than its own: a body walking toward the
 * camera brightens, and a pose that turns does not make the whole figure flicker in grey.
 */
function depthFrame(pose: PoseDocument, range: { near: number; far: number }): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = frameSize(pose);
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(canvas.width, canvas.height);
  paintDepthMap({ ...renderBodySurface(pose, canvas.width, canvas.height), ...range }, image);
  ctx.putImageData(image, 0, 0);
  return canvas;
}

/**
 * A ZIP of every frame drawn as the OpenPose control image and as its 3D body's depth map, each kind
 * in its own folder under the same names (folder loaders take one folder, and a frame's two images
 * pair by name). Stored, not deflated: PNGs are compressed already. Measured as "posecraft:export-frames-zip".
 */
export async function sequenceZip(scene: Scene): Promise<Blob> {
  const start = performance.now();
  const files: Record<string, Uint8Array> = {};
  const frames = allFrames(sequenceOf(scene), scene.pose);
  const range = sequenceDepthRange(frames, ...frameSize(scene.pose));
  for (const [i, pose] of frames.entries()) {
    files[frameFileName('openpose', i)] = await pngBytes(renderPoseCanvas(pose));
    files[frameFileName('depth', i)] = await pngBytes(depthFrame(pose, range));
  }
  const zip = zipSync(files, { level: 0 });
  performance.measure('posecraft:export-frames-zip', { start, end: performance.now() });
  return new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}

/** Whether this browser can encode the video (WebCodecs' VideoEncoder). */
export const canEncodeVideo = (): boolean => typeof globalThis.VideoEncoder === 'function';

// VP8 wants even sides: an odd side gets one black row or column more.
const even = (n: number) => Math.max(2, Math.ceil(n / 2) * 2);

/** A WebM (VP8) video of the OpenPose drawing, one frame per sequence frame at its frame rate. */
export async function sequenceVideo(scene: Scene): Promise<Blob> {
  if (!canEncodeVideo()) throw new Error('This browser cannot encode video (no WebCodecs VideoEncoder)');
  const sequence = sequenceOf(scene);
  const [width, height] = [even(scene.pose.canvas_width), even(scene.pose.canvas_height)];
  const muxer = new Muxer({ target: new ArrayBufferTarget(), video: { codec: 'V_VP8', width, height, frameRate: sequence.fps } });
  let failure: Error | null = null;
  const encoder = new VideoEncoder({ output: (chunk, meta) => muxer.addVideoChunk(chunk, meta), error: (e) => (failure = e) });
  encoder.configure({ codec: 'vp8', width, height, bitrate: 4_000_000, framerate: sequence.fps });
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [width, height];
  const ctx = canvas.getContext('2d')!;
  for (const [i, pose] of allFrames(sequence, scene.pose).entries()) {
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(renderPoseCanvas(pose), 0, 0);
    const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / sequence.fps), duration: Math.round(1e6 / sequence.fps) });
    // A key frame each second, so a player can seek.
    encoder.encode(frame, { keyFrame: i % sequence.fps === 0 });
    frame.close();
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  muxer.finalize();
  return new Blob([muxer.target.buffer], { type: 'video/webm' });
}
