import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RESTARTED } from '../../../server/video/videoPoseStore';
import { API_PATHS } from '../../../src/api/contract';
import { createTestUser } from '../../support/emulator';
import { bearer, promptBody, tempDataDir, waitFor, walkingPoses } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { twoBoxesVideo } from '../../support/testVideos';

// kill -9 in the middle of a render and of a video read into poses: the next start of the server
// removes both scratch folders (the uploaded video's frames with them). The server gets a temp
// folder of its own, so other servers' folders on this machine do not count.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-test-tmp-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

const scratch = () => fs.readdirSync(tmp).filter((name) => name.startsWith('posecraft-frames-') || name.startsWith('posecraft-video-'));
const filesIn = (prefix: string) => scratch().flatMap((name) => (name.startsWith(prefix) ? fs.readdirSync(path.join(tmp, name)) : []));

describe('kill -9 during both kinds of video work', () => {
  it('leaves no scratch folder after the next start, the uploaded video gone once its frames are read, and the video failed as restarted', async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    // A lease of 2 s: the killed server's video is failed as restarted soon after.
    const env = { TMPDIR: tmp, ENGINE: 'mannequin', JOB_LEASE_S: '2' };
    const first = await startServerProcess(dataDir, env);
    running.push(first);
    const user = await createTestUser('scratch-after-crash');
    const headers = { ...bearer(user), 'content-type': 'application/json' };
    const render = await fetch(`${first.base}${API_PATHS.queryPrompt}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(promptBody({ gNumber: 1, frames: walkingPoses(161), fps: 16 })),
    });
    expect(render.status).toBe(200);
    const read = await fetch(`${first.base}${API_PATHS.videoPose}?fps=8`, {
      method: 'POST',
      headers: { ...bearer(user), 'content-type': 'video/mp4' },
      body: new Uint8Array(twoBoxesVideo(2)),
    });
    expect(read.status).toBe(200);
    // The render has frames on disk; the video its frames (the models load before the first is estimated), its upload deleted.
    await waitFor(async () => filesIn('posecraft-frames-').length > 0, 30_000, 'the render to write frames');
    await waitFor(
      async () =>
        filesIn('posecraft-video-').some((name) => name.startsWith('frame-')) && !filesIn('posecraft-video-').some((name) => name.startsWith('input')),
      30_000,
      'the video decoded into frames and its upload deleted',
    );
    const left = scratch();
    expect(left).toHaveLength(2);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(scratch()).toEqual(left);
    const second = await startServerProcess(dataDir, env);
    running.push(second);
    expect(scratch().filter((name) => left.includes(name))).toEqual([]);
    // The video the killed server was reading is failed as restarted once its lease runs out unrenewed.
    const videoId = ((await read.json()) as { data: { prompt_id: string } }).data.prompt_id;
    const failed = await waitFor(
      async () => {
        const answer = await fetch(`${second.base}${API_PATHS.videoPose}?prompt_id=${videoId}`, { headers: bearer(user) });
        const { data } = (await answer.json()) as { data: { status: string } };
        return data.status === 'failed' ? data : undefined;
      },
      15_000,
      'the video failed as restarted',
    );
    expect(failed).toMatchObject({ error: RESTARTED });
    second.child.kill('SIGKILL');
  }, 120_000);
});
