// `npm run pose-from-png -- <in.png> <out.json>` and `npm run render -- ... --profile` run as real processes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createDefaultPoseDocument, parsePoseJson } from '../../../src/pose/index.js';
import { countDifferentPixels, fixturePath, readPng } from '../../unit/pose/pixels.js';
import { drawDocument, randomPoseDocument } from '../../unit/pose/randomPoses.js';
import { corpusPath } from '../../unit/pose/realpose.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'posecraft-pose-from-png-'));
const run = (script: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('pose-from-png command', () => {
  it("reads the default pose's PNG back to the same 18 joints within 1.5 px (the drawing truncates x and y)", () => {
    const out = join(scratch, 'default.json');
    const r = run('server/cli/poseFromPng.ts', join(repoRoot, 'public/default-pose.png'), out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/, 1 person, /);
    const parsed = parsePoseJson(readFileSync(out, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const truth = createDefaultPoseDocument().people[0]!.body;
    expect(parsed.document.people).toHaveLength(1);
    parsed.document.people[0]!.body.forEach((k, i) => {
      expect(k.visible).toBe(true);
      expect(Math.hypot(k.x - truth[i]!.x, k.y - truth[i]!.y)).toBeLessThanOrEqual(1.5);
    });
  });

  it('names the hands it could not read for sure, and leaves their doubtful points hidden in the file', () => {
    // A random pose (seed 9): one person whose fingers bend so that some of their dots pile up.
    const drawing = drawDocument(randomPoseDocument(9));
    const png = new PNG({ width: drawing.width, height: drawing.height });
    png.data.set(drawing.data);
    const [input, out] = [join(scratch, 'hands.png'), join(scratch, 'hands.json')];
    writeFileSync(input, PNG.sync.write(png));
    const r = run('server/cli/poseFromPng.ts', input, out);
    expect(r.code).toBe(0);
    const named = [...r.stdout.matchAll(/person (\d+) (left|right) hand \((\d+) of 21 points hidden\)/g)];
    expect(r.stdout).toMatch(/hands not read for sure, left hidden where the drawing does not tell: person 1 /);
    expect(named.length).toBeGreaterThan(0);
    const parsed = parsePoseJson(readFileSync(out, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    for (const [, person, side, hidden] of named) {
      const hand = parsed.document.people[Number(person) - 1]?.[side === 'left' ? 'leftHand' : 'rightHand'];
      expect(hand?.filter((k) => !k.visible).length).toBeGreaterThanOrEqual(Number(hidden));
    }
  }, 60_000);

  it("reads ControlNet's drawing of an animal back as an animal, saying so", () => {
    const out = join(scratch, 'animal.json');
    const r = run('server/cli/poseFromPng.ts', corpusPath('cn_animal_fractional', '.ref.png'), out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/, 0 people, 1 animal, 4 points\)/);
    const parsed = parsePoseJson(readFileSync(out, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.document.people).toEqual([]);
    expect(parsed.document.animals[0]?.keypoints.filter((k) => k.visible)).toHaveLength(4);
  });

  it('refuses an image with no skeleton in it, exiting 1 with a pose-from-png: message', () => {
    const black = join(scratch, 'black.png');
    const png = new PNG({ width: 32, height: 32 });
    png.data.fill(0);
    writeFileSync(black, PNG.sync.write(png));
    const r = run('server/cli/poseFromPng.ts', black, join(scratch, 'black.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^pose-from-png: .*black\.png: no OpenPose skeleton was found in the image: no joint dots/);
  });

  it('turns a photo away at once, saying the image is not a skeleton on black', () => {
    // 600 x 600 of random colours, a photo's worst case: many lie near the drawing's colours.
    const photo = join(scratch, 'photo.png');
    const png = new PNG({ width: 600, height: 600 });
    let seed = 7;
    for (let i = 0; i < png.data.length; i++) png.data[i] = i % 4 === 3 ? 255 : (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    writeFileSync(photo, PNG.sync.write(png));
    const r = run('server/cli/poseFromPng.ts', photo, join(scratch, 'photo.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^pose-from-png: .*photo\.png: the image is not an OpenPose skeleton on black \(it is not mostly black: a photo\?\)/);
  });

  it('reads no skeleton in a black image holding a patch of random colours, rather than limbs and hands made of its noise', () => {
    const patched = join(scratch, 'patched.png');
    const png = new PNG({ width: 800, height: 800 });
    let seed = 11;
    for (let y = 0; y < 800; y++) {
      for (let x = 0; x < 800; x++) {
        const i = (y * 800 + x) * 4;
        const noise = x >= 250 && x < 550 && y >= 250 && y < 550;
        for (let c = 0; c < 3; c++) png.data[i + c] = noise ? (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24 : 0;
        png.data[i + 3] = 255;
      }
    }
    writeFileSync(patched, PNG.sync.write(png));
    const r = run('server/cli/poseFromPng.ts', patched, join(scratch, 'patched.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/patched\.png: no OpenPose skeleton was found in the image: its colours are not the ones skeletons are drawn in/);
  });

  it('says why a skeleton resized to half its size reads as no one: its colours are blended off the drawing colours', () => {
    // public/default-pose.png resized by ImageMagick: convert ... -filter box -resize 50% (each pixel the mean of 2 x 2).
    const r = run('server/cli/poseFromPng.ts', fixturePath('default-pose.half.png'), join(scratch, 'resized.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/default-pose\.half\.png: no OpenPose skeleton was found in the image: its colours are not .* resized/);
  });

  it('says which file is not a PNG, and why', () => {
    const r = run('server/cli/poseFromPng.ts', fixturePath('animals.json'), join(scratch, 'x.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^pose-from-png: cannot read .*animals\.json as a PNG: it is not a PNG file \(no PNG signature\)/);
  });

  it('says a JPEG skeleton is a JPEG, and where it is read', () => {
    const r = run('server/cli/poseFromPng.ts', fixturePath('hl-hand-fixed.q90.jpg'), join(scratch, 'jpeg.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /hl-hand-fixed\.q90\.jpg as a PNG: it is a JPEG file; this command reads PNG files \(the editor's Import skeleton PNG also takes JPEG and WebP\)/,
    );
  });

  it('refuses an image over 16 megapixels by its header, before decoding it', () => {
    // A header alone claiming 5000 x 5000: nothing past it is read.
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(header);
    header.writeUInt32BE(5000, 16);
    header.writeUInt32BE(5000, 20);
    const huge = join(scratch, 'huge.png');
    writeFileSync(huge, header);
    const r = run('server/cli/poseFromPng.ts', huge, join(scratch, 'huge.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/huge\.png as a PNG: the image is 5000 x 5000; at most 16 megapixels are read/);
  });
});

describe('render command profiles', () => {
  it('draws with --profile feet as draw_bodypose_with_feet does', async () => {
    const out = join(scratch, 'feet.png');
    const r = run('server/cli/render.ts', fixturePath('body25-feet.json'), out, '--profile', 'feet');
    expect(r.code).toBe(0);
    expect(countDifferentPixels(await readPng(out), await readPng(fixturePath('body25-feet.feet.reference.png')))).toBe(0);
  });

  it("reads a drawing with feet (draw_bodypose_with_feet's reference) back with its foot points (five of six in the file) and the feet profile", () => {
    const out = join(scratch, 'feet.json');
    const r = run('server/cli/poseFromPng.ts', fixturePath('body25-feet.feet.reference.png'), out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as { render_profile?: string };
    expect(written.render_profile).toBe('feet');
    const [read, truth] = [readFileSync(out, 'utf8'), readFileSync(fixturePath('body25-feet.json'), 'utf8')].map((text) => {
      const parsed = parsePoseJson(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.document.people[0]?.feet ?? [];
    });
    expect(truth?.filter((k) => k.visible)).toHaveLength(5);
    truth?.forEach((k, i) => {
      const mine = read?.[i];
      expect(mine?.visible).toBe(k.visible);
      if (k.visible) expect(Math.hypot((mine?.x ?? 0) - k.x, (mine?.y ?? 0) - k.y)).toBeLessThanOrEqual(1.5);
    });
  });

  it('refuses an unknown profile and a file with nothing to draw', () => {
    expect(run('server/cli/render.ts', 'a.json', 'b.png', '--profile', 'sdxl').stderr).toMatch(
      /^render: unknown profile "sdxl"; expected one of sd15, xinsir, feet/,
    );
    const empty = join(scratch, 'empty.json');
    writeFileSync(empty, JSON.stringify({ people: [{ pose_keypoints_2d: new Array(54).fill(0) }], canvas_width: 64, canvas_height: 64 }));
    const r = run('server/cli/render.ts', empty, join(scratch, 'empty.png'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`render: ${empty}: none of the 18 keypoints in the pose file is visible: every one has confidence 0 (not found)\n`);
  });
});
