import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, apiPath } from '../../../src/api/contract';
import { findPreset } from '../../../src/library/presets';
import { toOpenPoseJson } from '../../../src/pose';
import type { TestUser } from '../../support/emulator';
import { bearer, generationApp, samplePose, tempDataDir } from '../../support/generationApp';

/** A web root holding a stand-in index.html, so share pages can be served without a build. */
export function fakeWebRoot(): string {
  const dir = tempDataDir();
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Posecraft</title></head><body><div id="root"></div></body></html>');
  return dir;
}

/** An app with the pose library on a fresh data folder. */
export function libraryApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return generationApp(tempDataDir(), { env: { WEB_ROOT: fakeWebRoot(), ...env } });
}

/** A valid save body: the built-in standing person with hands, as a scene. */
export const saveBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Standing',
  tags: ['Front', 'test'],
  kind: 'scene',
  pose: samplePose(),
  ...overrides,
});

/** A gesture preset's pose file as people JSON. */
export const presetJson = (id: string) => toOpenPoseJson(findPreset(id)!.pose);

/** Calls the pose library as a user (or without a token). */
export function poseApi(app: FastifyInstance) {
  const headers = (user?: TestUser) => (user ? bearer(user) : {});
  return {
    save: (user: TestUser | undefined, body: unknown) => app.inject({ method: 'POST', url: API_PATHS.poses, headers: headers(user), payload: body as object }),
    list: (user: TestUser | undefined, query = '') => app.inject({ method: 'GET', url: `${API_PATHS.poses}?${query}`, headers: headers(user) }),
    get: (user: TestUser | undefined, id: string) => app.inject({ method: 'GET', url: apiPath(API_PATHS.pose, { id }), headers: headers(user) }),
    patch: (user: TestUser | undefined, id: string, body: unknown) =>
      app.inject({ method: 'PATCH', url: apiPath(API_PATHS.pose, { id }), headers: headers(user), payload: body as object }),
    remove: (user: TestUser | undefined, id: string) => app.inject({ method: 'DELETE', url: apiPath(API_PATHS.pose, { id }), headers: headers(user) }),
    share: (user: TestUser | undefined, id: string) => app.inject({ method: 'POST', url: apiPath(API_PATHS.poseShare, { id }), headers: headers(user) }),
    revoke: (user: TestUser | undefined, id: string) => app.inject({ method: 'DELETE', url: apiPath(API_PATHS.poseShare, { id }), headers: headers(user) }),
    shared: (shareId: string) => app.inject({ method: 'GET', url: apiPath(API_PATHS.sharedPose, { shareId }) }),
    page: (shareId: string) => app.inject({ method: 'GET', url: `/p/${shareId}`, headers: { host: 'posecraft.example' } }),
    pageThumbnail: (shareId: string) => app.inject({ method: 'GET', url: `/p/${shareId}/thumbnail.png` }),
  };
}
