import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, ERROR_CODES, POSE_LIBRARY_LIMITS, SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
import {
  createPoseRequest,
  listPosesQuery,
  poseIdParams,
  updatePoseRequest,
  type PoseShare,
  type SavedPoseKind,
  type SavedPoseList,
} from '../../src/api/poseSchemas.js';
import { toOpenPoseJson, type OpenPoseJson } from '../../src/pose/index.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { newShareId, poseThumbnailKey } from '../library/poseThumbnail.js';
import { PoseStore, poseRowBytes } from '../library/poseStore.js';
import { toSavedPose, toSavedPoseWithPose } from '../library/savedPoseView.js';
import { callerOf, parseRequest } from './validation.js';

/** The 404 for a pose that does not exist or belongs to someone else (the two look the same). */
const poseNotFound = (id: string) => new ApiError(404, ERROR_CODES.notFound, `No pose ${id} in your library`);

/** The 507 of a save past the number of poses a user may keep. */
const libraryFull = (max: number) =>
  new ApiError(
    507,
    ERROR_CODES.storageFull,
    `Your pose library is full: it holds ${max} saved poses, the most allowed. Delete saved poses you no longer need from your library to save new ones.`,
  );

/** The 503 of a save while the server draws too many thumbnails (this user's share, or everyone's). */
const drawingBusy = () => new ApiError(503, ERROR_CODES.unavailable, 'Too many pose thumbnails are being drawn right now; try saving again in a moment');

/** A saved pose's thumbnail, drawn in the render process in turn with other users' drawings, never on this event loop. */
async function drawThumbnail(runtime: GenerationRuntime, uid: string, pose: OpenPoseJson, focus: SavedPoseKind): Promise<Buffer> {
  const drawing = (await runtime.thumbnails()).draw(uid, { kind: 'savedPose', pose, focus });
  if (!drawing) throw drawingBusy();
  return drawing.catch((error: Error) => {
    throw new ApiError(503, ERROR_CODES.unavailable, `The pose's thumbnail could not be drawn (${error.message}); try saving again`);
  });
}

/** Stores a saved pose's thumbnail, then its row (null when the library is full); a failure on the way leaves nothing behind. */
async function storeSavedPose(runtime: GenerationRuntime, row: Parameters<PoseStore['insert']>[0], png: Buffer, posesPerUser: number) {
  const storage = runtime.storage();
  try {
    await storage.inner.put(row.thumbnailKey, png, 'image/png');
    return await new PoseStore((await runtime.open()).db).insert(row, posesPerUser);
  } catch (error) {
    await storage.delete(row.thumbnailKey).catch(() => undefined);
    throw error;
  }
}

/**
 * /v1/poses: a signed-in user's saved poses — list, save, read, rename and re-tag, delete, share and
 * revoke. Saved poses count against the storage quota (rows and thumbnails), at most posesPerUser each.
 */
export async function poseRoutes(app: FastifyInstance, { runtime, posesPerUser }: { runtime: GenerationRuntime; posesPerUser: number }): Promise<void> {
  const ttl = runtime.config.files.urlTtlSeconds;
  const store = async () => new PoseStore((await runtime.open()).db);
  const storage = () => runtime.storage();
  const ownPose = async (uid: string, params: unknown) => {
    const { id } = parseRequest(poseIdParams, params);
    const row = await (await store()).find(uid, id);
    if (!row) throw poseNotFound(id);
    return row;
  };

  app.get(API_PATHS.poses, async (request, reply) => {
    const user = callerOf(request);
    const query = parseRequest(listPosesQuery, request.query);
    const { rows, total } = await (await store()).list(user.uid, { ...query, pageSize: query.page_size });
    const data: SavedPoseList = {
      items: await Promise.all(rows.map((row) => toSavedPose(row, storage(), ttl))),
      total,
      page: query.page,
      page_size: query.page_size,
    };
    return sendData(reply, data);
  });

  app.post(API_PATHS.poses, { bodyLimit: POSE_LIBRARY_LIMITS.bodyBytes }, async (request, reply) => {
    const user = callerOf(request);
    const body = parseRequest(createPoseRequest, request.body);
    if ((await (await store()).count(user.uid)) >= posesPerUser) throw libraryFull(posesPerUser);
    const id = crypto.randomUUID();
    const pose = toOpenPoseJson(body.pose);
    const thumbnailKey = poseThumbnailKey(user.uid, id);
    const png = await drawThumbnail(runtime, user.uid, pose, body.kind);
    // The row and thumbnail are held against the quota first, so a save past it stores nothing.
    await (await runtime.open()).quota.holdPose(thumbnailKey, poseRowBytes(pose) + png.length);
    // A save that fails after its thumbnail was held or stored leaves nothing behind, counted or not.
    const row = await storeSavedPose(
      runtime,
      { id, userId: user.uid, name: body.name, tags: body.tags, kind: body.kind, pose, thumbnailKey },
      png,
      posesPerUser,
    );
    if (!row) {
      await storage().delete(thumbnailKey);
      throw libraryFull(posesPerUser);
    }
    return sendData(reply, await toSavedPoseWithPose(row, storage(), ttl));
  });

  app.get(API_PATHS.pose, async (request, reply) => {
    const row = await ownPose(callerOf(request).uid, request.params);
    return sendData(reply, await toSavedPoseWithPose(row, storage(), ttl));
  });

  app.patch(API_PATHS.pose, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const user = callerOf(request);
    const { id } = parseRequest(poseIdParams, request.params);
    const change = parseRequest(updatePoseRequest, request.body);
    const row = await (await store()).update(user.uid, id, change);
    if (!row) throw poseNotFound(id);
    return sendData(reply, await toSavedPoseWithPose(row, storage(), ttl));
  });

  app.delete(API_PATHS.pose, async (request, reply) => {
    const user = callerOf(request);
    const { id } = parseRequest(poseIdParams, request.params);
    const row = await (await store()).delete(user.uid, id);
    if (!row) throw poseNotFound(id);
    await storage().delete(row.thumbnail_key);
    return sendData(reply, { id });
  });

  app.post(API_PATHS.poseShare, { bodyLimit: 1024 }, async (request, reply) => {
    const user = callerOf(request);
    const { id } = parseRequest(poseIdParams, request.params);
    const shareId = await (await store()).share(user.uid, id, newShareId());
    if (!shareId) throw poseNotFound(id);
    const data: PoseShare = { share_id: shareId, share_path: `${SHARE_PAGE_PREFIX}${shareId}` };
    return sendData(reply, data);
  });

  app.delete(API_PATHS.poseShare, async (request, reply) => {
    const user = callerOf(request);
    const { id } = parseRequest(poseIdParams, request.params);
    if (!(await (await store()).revoke(user.uid, id))) throw poseNotFound(id);
    return sendData(reply, { id, share_id: null });
  });
}
