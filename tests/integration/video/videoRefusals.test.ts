import os from 'node:os';
import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer } from '../../support/generationApp';
import { BoxEstimator } from '../../support/boxEstimator';
import { makeVideo, twoBoxesVideo } from '../../support/testVideos';
import { estimatorApp } from '../estimator/estimatorApp';

// What POST /v1/video_pose refuses, and that each refusal says which limit or format it is.

let alice: TestUser;
let app: FastifyInstance;
const estimator = new BoxEstimator();

beforeAll(async () => {
  alice = await createTestUser('video-refusals');
  app = await estimatorApp({ VIDEO_MAX_MB: '1' }, estimator);
});
afterAll(() => app.close());

const post = (body: Buffer, query = '', type = 'video/mp4') =>
  app.inject({ method: 'POST', url: `/v1/video_pose${query}`, headers: { ...bearer(alice), 'content-type': type }, payload: body });
const refusal = (res: { statusCode: number; json(): { response_metadata: { error: { description: string } } } }) => [
  res.statusCode,
  res.json().response_metadata.error.description,
];

describe('POST /v1/video_pose refuses what it cannot take', () => {
  it('refuses a video longer than 10 s, saying how long it is', async () => {
    const long = makeVideo('long.mp4', ['-f', 'lavfi', '-i', 'color=c=white:s=64x48:d=11:r=5', '-c:v', 'libx264']);
    expect(refusal(await post(long))).toEqual([413, 'The video is 11.0 s long; at most 10 s is taken: cut it shorter']);
  }, 30_000);

  it('refuses more frames than it estimates, saying how many a frame rate would give', async () => {
    const [status, description] = refusal(await post(twoBoxesVideo(6), '?fps=30'));
    expect(status).toBe(413);
    expect(description).toContain('At 30 frames a second, the 6.0 s video is 180 frames; at most 161 are estimated');
  }, 30_000);

  it('refuses a file over the size limit before reading it', async () => {
    expect(refusal(await post(Buffer.alloc(1.5 * 1024 * 1024, 1)))).toEqual([413, 'The video file is 1.5 MB; at most 1.0 MB is taken']);
  });

  it('refuses files that are not MP4 or WebM, and MP4s ffmpeg cannot read, saying which', async () => {
    const png = createCanvas(8, 8).encodeSync('png');
    expect(refusal(await post(png))[1]).toBe('The file is not an MP4 or WebM video (its first bytes are neither); convert it to MP4 (H.264) or WebM');
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]);
    const [status, description] = refusal(await post(broken));
    expect(status).toBe(415);
    expect(description).toMatch(/^The video could not be read \(.+\); send an MP4 \(H\.264\) or WebM/);
    // The reason is ffprobe's, without the server's scratch folder.
    expect(description).not.toContain(os.tmpdir());
    expect(description).not.toContain('posecraft-video-');
    expect(refusal(await post(Buffer.alloc(0)))[0]).toBe(400);
  });

  it('refuses a body that is not a video type, and a frame rate out of range', async () => {
    const asJson = await app.inject({ method: 'POST', url: '/v1/video_pose', headers: bearer(alice), payload: { video: 'x' } });
    expect(refusal(asJson)).toEqual([415, 'Send the video file itself as the body, with Content-Type video/mp4 or video/webm']);
    // The type is looked at before the content: a real video sent as text is refused for its type.
    expect(refusal(await post(twoBoxesVideo(1), '', 'text/plain'))).toEqual([
      415,
      'Send the video file itself as the body, with Content-Type video/mp4 or video/webm',
    ]);
    expect((await post(twoBoxesVideo(1), '?fps=0')).statusCode).toBe(400);
    expect((await post(twoBoxesVideo(1), '?fps=31')).statusCode).toBe(400);
  }, 30_000);
});

describe('a server without ffmpeg', () => {
  it('says that ffmpeg is missing', async () => {
    const bare = await estimatorApp({ FFPROBE_PATH: '/nonexistent/ffprobe', FFMPEG_PATH: '/nonexistent/ffmpeg' }, new BoxEstimator());
    try {
      const res = await bare.inject({
        method: 'POST',
        url: '/v1/video_pose',
        headers: { ...bearer(alice), 'content-type': 'video/mp4' },
        payload: twoBoxesVideo(1),
      });
      expect(refusal(res)).toEqual([
        503,
        "Videos cannot be read on this server: /nonexistent/ffprobe is not installed (the operator installs Debian's ffmpeg package)",
      ]);
    } finally {
      await bare.close();
    }
  }, 30_000);
});
