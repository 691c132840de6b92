import type { FastifyInstance } from 'fastify';
import { API_PATHS, ERROR_CODES, RENDER_LIMITS } from '../../src/api/contract.js';
import { documentIdParams } from '../../src/api/documentSchemas.js';
import { renderDocumentRequest, type DocumentRender, type PoseKeypointFrame, type RenderDocumentRequest } from '../../src/api/integrationSchemas.js';
import { toOpenPoseJson, toPoseExportJson, type PoseDocument, type RenderProfile } from '../../src/pose/index.js';
import { documentFrames } from '../documents/documentFrames.js';
import { DocumentStore } from '../documents/documentStore.js';
import { documentEtag } from '../documents/documentView.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import type { RenderTask } from '../render/renderTypes.js';
import { callerOf, parseRequest } from './validation.js';

/** Draws one image in the render process, in turn with other users' drawings (never on this event loop). */
async function drawOne(runtime: GenerationRuntime, uid: string, task: RenderTask): Promise<string> {
  const drawing = (await runtime.thumbnails()).draw(uid, task);
  if (!drawing) throw new ApiError(503, ERROR_CODES.unavailable, 'Too many drawings are being made right now; try again in a moment');
  const png = await drawing.catch((error: Error) => {
    throw new ApiError(503, ERROR_CODES.unavailable, `A frame could not be drawn (${error.message}); try again`);
  });
  return png.toString('base64');
}

const keypointFrame = (frame: PoseDocument) => (toPoseExportJson(frame, 'pose_keypoint') as PoseKeypointFrame[])[0]!;

/** The image side asked for, else the canvas's in whole pixels. */
const sideOf = (asked: number | undefined, canvas: number) => asked ?? Math.max(1, Math.round(canvas));

/** Every frame drawn as asked, one after another (a request holds one place in the render queue at a time), with its masks when asked. */
async function drawFrames(
  runtime: GenerationRuntime,
  uid: string,
  frames: PoseDocument[],
  figures: string[][],
  ask: RenderDocumentRequest & { width: number; height: number },
) {
  const images: string[] = [];
  const masks: Array<Array<{ figure_id: string; png: string }>> = [];
  for (const [i, frame] of frames.entries()) {
    const pose = toOpenPoseJson(frame);
    const { width, height } = ask;
    images.push(await drawOne(runtime, uid, { kind: 'control', pose, width, height, map: ask.kind, profile: ask.profile as RenderProfile | undefined }));
    if (!ask.masks) continue;
    const frameMasks = [];
    for (const [person, figureId] of figures[i]!.entries()) {
      frameMasks.push({ figure_id: figureId, png: await drawOne(runtime, uid, { kind: 'mask', pose, person, width, height }) });
    }
    masks.push(frameMasks);
  }
  return ask.masks ? { images, masks } : { images };
}

/**
 * POST /v1/documents/:id/render: a document's frames drawn by the editor's renderer (the OpenPose
 * drawing in the control profile asked for, or the depth or normal map), with each person's mask,
 * their prompts, the rate and every frame's POSE_KEYPOINT: what the ComfyUI node pack outputs.
 */
export async function documentRenderRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.post(API_PATHS.documentRender, { bodyLimit: 4096 }, async (request, reply) => {
    const { uid } = callerOf(request);
    const { id } = parseRequest(documentIdParams, request.params);
    const ask = parseRequest(renderDocumentRequest, request.body ?? {});
    const row = await new DocumentStore((await runtime.open()).db).find(uid, id);
    if (!row?.content) throw new ApiError(404, ERROR_CODES.notFound, `No document ${id} in your account`);
    const { frames, fps, people, frameFigures } = documentFrames(row.content);
    if (frames.length > RENDER_LIMITS.maxFrames) {
      throw new ApiError(400, ERROR_CODES.badRequest, `The document has ${frames.length} frames; a render draws at most ${RENDER_LIMITS.maxFrames}`);
    }
    const canvas = frames[0]!;
    const size = { width: sideOf(ask.width, canvas.canvas_width), height: sideOf(ask.height, canvas.canvas_height) };
    const drawings = frames.length + (ask.masks ? frameFigures.reduce((sum, ids) => sum + ids.length, 0) : 0);
    const megapixels = (drawings * size.width * size.height) / 1e6;
    if (megapixels > RENDER_LIMITS.maxMegapixels) {
      throw new ApiError(
        400,
        ERROR_CODES.badRequest,
        `This render would draw ${Math.round(megapixels)} megapixels (${drawings} images of ${size.width} x ${size.height}); ` +
          `one render draws at most ${RENDER_LIMITS.maxMegapixels}. Ask for a smaller size, or without masks.`,
      );
    }
    const drawn = await drawFrames(runtime, uid, frames, frameFigures, { ...ask, ...size });
    const data: DocumentRender = {
      document_id: row.id,
      version: row.version,
      ...size,
      fps,
      frame_count: frames.length,
      people,
      pose_keypoint: frames.map(keypointFrame),
      ...drawn,
    };
    return sendData(reply.header('etag', documentEtag(row)), data);
  });
}
