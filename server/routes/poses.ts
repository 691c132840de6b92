import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, ERROR_CODES, POSE_LIBRARY_LIMITS, SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
import { createPoseRequest, listPosesQuery, poseIdParams, updatePoseRequest, type PoseShare, type SavedPoseList } from '../../src/api/poseSchemas.js';
import { toOpenPoseJson } from '../../src/pose/index.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { newShareId, poseThumbnailKey, renderPoseThumbnail } from '../library/poseThumbnail.js';
import { PoseStore } from '../library/poseStore.js';
import { toSavedPose, toSavedPoseWithPose } from '../library/savedPoseView.js';
import { callerOf, parseRequest } from './validation.js';

/** The 404 for a pose that does not exist or belongs to someone else (the two look the same). */
const poseNotFound = (id: string) => new ApiError(404, ERROR_CODES.notFound, `No pose ${id} in your library`);

/** /v1/poses: a signed-in user's saved poses — list, save, read, rename and re-tag, delete, share and revoke. */
export async function poseRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
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
    const data: SavedPoseList = { items: await Promise.all(rows.map((row) => toSavedPose(row, storage(), ttl))), total, page: query.page, page_size: query.page_size };
    return sendData(reply, data);
  });

  app.post(API_PATHS.poses, { bodyLimit: POSE_LIBRARY_LIMITS.bodyBytes }, async (request, reply) => {
    const user = callerOf(request);
    const body = parseRequest(createPoseRequest, request.body);
    const id = crypto.randomUUID();
    const thumbnailKey = poseThumbnailKey(user.uid, id);
    await storage().put(thumbnailKey, await renderPoseThumbnail(body.pose, body.kind), 'image/png');
    // A save that fails after its thumbnail was stored leaves nothing behind, counted or not.
    const row = await (await store()).insert({ id, userId: user.uid, name: body.name, tags: body.tags, kind: body.kind, pose: toOpenPoseJson(body.pose), thumbnailKey }).catch(async (error: unknown) => {
      await storage().delete(thumbnailKey).catch(() => {});
      throw error;
    });
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
