import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { EngineError } from '../../../server/engines/engine';
import { JobAbort } from '../../../server/jobs/jobAbort';
import { ProcessRenderer } from '../../../server/render/processRenderer';
import { longLimbedCrowdJson } from '../../support/heavyPose';
import { readPngSize } from '../../support/pngInfo';

// The render process: drawing off the event loop, killed on a stop or past the time limit.

const log = pino({ level: 'silent' });
const heavy = { kind: 'mannequin', pose: longLimbedCrowdJson(), width: 1024, height: 1024, seed: 1, index: 0 } as const;
const small = { kind: 'control', pose: longLimbedCrowdJson(64, 0.4), width: 64, height: 48 } as const;
let renderer: ProcessRenderer;
afterEach(() => renderer.close());

describe('the render process', () => {
  it('draws a PNG of the size asked', async () => {
    renderer = new ProcessRenderer({ timeoutMs: 30_000, log });
    expect(readPngSize(await renderer.render(small, new AbortController().signal))).toEqual({ width: 64, height: 48 });
  }, 30_000);

  it('is killed mid-drawing when the job is stopped, and draws again afterwards', async () => {
    renderer = new ProcessRenderer({ timeoutMs: 30_000, log });
    await renderer.render(small, new AbortController().signal);
    const controller = new AbortController();
    const drawing = renderer.render(heavy, controller.signal);
    setTimeout(() => controller.abort(new JobAbort('stop')), 20);
    await expect(drawing).rejects.toBeInstanceOf(JobAbort);
    expect(readPngSize(await renderer.render(small, new AbortController().signal))).toEqual({ width: 64, height: 48 });
  }, 30_000);

  it('fails an image that takes longer than the limit, in plain words', async () => {
    renderer = new ProcessRenderer({ timeoutMs: 50, log });
    await expect(renderer.render(heavy, new AbortController().signal)).rejects.toThrow(EngineError);
    await expect(renderer.render(heavy, new AbortController().signal)).rejects.toThrow('Drawing one image took longer than 0.05 s, the most allowed');
  }, 30_000);
});
