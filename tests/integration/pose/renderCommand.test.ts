// `npm run render -- <pose.json> <out.png>` run as a real process, as a developer would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { createDefaultPoseDocument, depthLevels, paintNormalMap, renderBodySurface } from '../../../src/pose/index.js';
import { countDifferentPixels, fixturePath, loadFixtureDocument, readPng, render } from '../../unit/pose/pixels.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'posecraft-render-'));

function runRender(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/render.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('render command', () => {
  it('writes a PNG of canvas_width x canvas_height that matches cv2 pixel for pixel', async () => {
    const out = join(scratch, 'two-people.png');
    const run = runRender(fixturePath('editor-two-people.json'), out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const png = await readPng(out);
    expect([png.width, png.height]).toEqual([512, 768]);
    expect(countDifferentPixels(png, await readPng(fixturePath('editor-two-people.reference.png')))).toBe(0);
  });

  it('says how it read the file: whose rules, and the points those rules hid', () => {
    const body = (c: (i: number) => number) => Array.from({ length: 18 }, (_, i) => [100 + i, 100 + 10 * i, c(i)]).flat();
    const withCanvas = join(scratch, 'fractional.json');
    writeFileSync(withCanvas, JSON.stringify({ canvas_width: 512, canvas_height: 512, people: [{ pose_keypoints_2d: body((i) => (i < 3 ? 0.6 : 1)) }] }));
    const controlnet = runRender(withCanvas, join(scratch, 'fractional.png'));
    expect(controlnet.code).toBe(0);
    expect(controlnet.stdout).toContain('render: read as ControlNet reads it (the file names its canvas size): a point with confidence below 1 is hidden\n');
    expect(controlnet.stdout).toContain('render: 3 points with a confidence between 0 and 1 hidden, as ControlNet hides them\n');
    const raw = join(scratch, 'raw.json');
    writeFileSync(raw, JSON.stringify({ people: [{ pose_keypoints_2d: body((i) => (i < 3 ? 0.6 : 1)) }] }));
    const openpose = runRender(raw, join(scratch, 'raw.png'));
    expect(openpose.stdout).toContain(
      'render: read as OpenPose output (no canvas size): confidence 0 means not found; canvas set to 512x512 to hold every point\n',
    );
  });

  it('refuses a malformed file with what is wrong and where, exiting non-zero', () => {
    const bad = join(scratch, 'bad.json');
    // 52 numbers are no body layout's (51 is COCO-17's, 54 OpenPose's, 75 BODY_25's).
    const body = Array.from({ length: 52 }, (_, i) => i + 1);
    writeFileSync(
      bad,
      JSON.stringify({ people: [{ pose_keypoints_2d: [...body, 1, 2] }, { pose_keypoints_2d: body }], canvas_width: 512, canvas_height: 512 }),
    );
    const run = runRender(bad, join(scratch, 'bad.png'));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`render: ${bad}: people[1].pose_keypoints_2d has 52 numbers; expected 51, 54, 72, 75, 78 or 399\n`);
  });

  it('says which file it cannot read', () => {
    const missing = join(scratch, 'missing.json');
    const run = runRender(missing, join(scratch, 'x.png'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^render: cannot read ${missing}: ENOENT`));
  });

  it('explains its usage when arguments are missing', () => {
    const run = runRender('only-one.json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'usage: npm run render -- <pose.json> <out.png> [--kind openpose|depth|normal|wan-animate|scail] [--profile sd15|xinsir|feet] [--bits 8|16 | --depth16]',
    );
  });
});

describe('render command: depth and normal maps', () => {
  const input = fixturePath('editor-two-people.json');
  const surface = renderBodySurface(loadFixtureDocument('editor-two-people.json'));

  it('writes the 8-bit grey depth map of the 3D body at the canvas size', () => {
    const out = join(scratch, 'depth8.png');
    const run = runRender(input, out, '--kind', 'depth');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('(depth map, 8-bit, 512x768,');
    const png = PNG.sync.read(readFileSync(out));
    expect([png.width, png.height, png.depth, png.colorType]).toEqual([512, 768, 8, 0]);
    const grey = png.data.filter((_, i) => i % 4 === 0);
    expect(Buffer.from(grey).equals(Buffer.from(depthLevels(surface, 8)))).toBe(true);
  });

  it('writes a 16-bit grey PNG with --bits 16 and with --depth16', () => {
    const expected = depthLevels(surface, 16);
    for (const flags of [['--bits', '16'], ['--depth16'], ['--bits=16']]) {
      const out = join(scratch, `depth16${flags.join('')}.png`);
      expect(runRender(input, out, '--kind=depth', ...flags).code).toBe(0);
      const png = PNG.sync.read(readFileSync(out), { skipRescale: true });
      expect([png.depth, png.colorType]).toEqual([16, 0]);
      const grey = Uint16Array.from((png.data as unknown as Uint16Array).filter((_, i) => i % 4 === 0));
      expect(grey.length).toBe(expected.length);
      expect(grey.every((v, i) => v === expected[i])).toBe(true);
    }
  });

  it('writes the normal map in NormalBae colours', async () => {
    const out = join(scratch, 'normal.png');
    expect(runRender(input, out, '--kind', 'normal').code).toBe(0);
    const expected = { width: 512, height: 768, data: new Uint8ClampedArray(512 * 768 * 4) };
    paintNormalMap(surface, expected);
    expect(countDifferentPixels(await readPng(out), expected)).toBe(0);
  });

  it('draws the Wan Animate pose frame as Wan Animate’s own drawing code does', async () => {
    const out = join(scratch, 'wan.png');
    const run = runRender(join(repoRoot, 'tests/fixtures/realpose/hl_hand_fixed.json'), out, '--kind', 'wan-animate');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(Wan Animate pose, 768x512');
    const reference = await readPng(join(repoRoot, 'tests/fixtures/wanAnimate/corpus-hl_hand_fixed.ref.png'));
    expect(countDifferentPixels(await readPng(out), reference)).toBe(0);
  });

  it('refuses an unknown kind, and 16 bits for anything but the depth map', () => {
    const kind = runRender(input, join(scratch, 'x.png'), '--kind', 'sketch');
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('render: unknown kind "sketch"; expected one of openpose, depth, normal, wan-animate, scail');
    const bits = runRender(input, join(scratch, 'x.png'), '--bits', '16');
    expect(bits.code).toBe(2);
    expect(bits.stderr).toContain('render: 16 bits are for the depth map (--kind depth)');
  });
});

describe('built-in default pose', () => {
  it('keeps tests/fixtures/pose/default-pose.json in step with createDefaultPoseDocument()', () => {
    expect(loadFixtureDocument('default-pose.json')).toEqual(createDefaultPoseDocument());
  });

  it('ships public/default-pose.png as the render command draws the default pose', async () => {
    const png = await readPng(join(repoRoot, 'public/default-pose.png'));
    expect([png.width, png.height]).toEqual([400, 600]);
    expect(countDifferentPixels(png, render(createDefaultPoseDocument()))).toBe(0);
    expect(readFileSync(join(repoRoot, 'public/default-pose.png')).length).toBeGreaterThan(1000);
  });
});
