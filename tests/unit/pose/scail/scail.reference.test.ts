// Our SCAIL pose drawing against SCAIL's own renderer (kijai/ComfyUI-WanAnimatePreprocess
// render_3d/taichi_cylinder_flat.py ray-marching the capsules, nlf_render_flat.py's joint dots; see
// tests/fixtures/scail/SOURCES.md for how it was run) on fresh random turned poses and real-corpus
// files. The capsules are found by exact intersection here and by sphere tracing in float32 there:
// they differ only where a ray grazes a silhouette or two surfaces meet. The joint dots are
// antialiased there (LINE_AA) and hard here: they differ only on their rim. Both are bounded below.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rasterizeScail } from '../../../../src/pose/scail/drawScail.js';
import { readPng, type Pixels } from '../pixels.js';
import { referenceInput, scailCases, type ScailCase } from './cases.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../fixtures/scail/${name}`, import.meta.url));
const committed = JSON.parse(readFileSync(fixture('cases.json'), 'utf8')) as Array<ReturnType<typeof referenceInput>>;
const figures: string[] = [];
afterAll(() => console.log(`SCAIL against its reference, pixels that differ:\n${figures.join('\n')}`));

function draw(c: ScailCase): Pixels {
  const image = { width: c.width, height: c.height, data: new Uint8ClampedArray(c.width * c.height * 4) };
  rasterizeScail(c.doc, image);
  return image;
}

// A pixel's distances to every joint dot's centre (their int() of the projected joint).
function dotDistances(c: ReturnType<typeof referenceInput>, x: number, y: number): number[] {
  const [f, cx, cy] = c.camera as [number, number, number];
  return c.joints.map(([jx = 0, jy = 0, jz = 1]) => Math.hypot(x - Math.trunc((f * jx) / jz + cx), y - Math.trunc((f * jy) / jz + cy)));
}

// Whether a pixel's 3x3 neighbourhood in the reference holds two colours: a silhouette or a seam.
function onEdge(p: Pixels, x: number, y: number): boolean {
  const at = (i: number, j: number) => {
    const k = (Math.min(p.height - 1, Math.max(0, j)) * p.width + Math.min(p.width - 1, Math.max(0, i))) * 4;
    return ((p.data[k] ?? 0) << 16) | ((p.data[k + 1] ?? 0) << 8) | (p.data[k + 2] ?? 0);
  };
  const here = at(x, y);
  for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) if (at(x + i, y + j) !== here) return true;
  return false;
}

describe('the SCAIL pose drawing, against SCAIL’s own renderer', () => {
  const cases = scailCases();

  it('draws the 9 cases the references were made from (6 random, 3 from the corpus)', () => {
    expect(cases.map(referenceInput)).toEqual(committed);
  });

  cases.forEach((c, n) => {
    it(`draws ${c.name} (${c.width}x${c.height}) as SCAIL does but for dot rims and a few silhouette pixels`, async () => {
      const reference = await readPng(fixture(`${c.name}.ref.png`));
      const ours = draw(c);
      let [drawn, onRims, offDots, offEdges, insideDots] = [0, 0, 0, 0, 0];
      for (let y = 0; y < c.height; y++) {
        for (let x = 0; x < c.width; x++) {
          const i = (y * c.width + x) * 4;
          if ((reference.data[i] ?? 0) + (reference.data[i + 1] ?? 0) + (reference.data[i + 2] ?? 0) > 0) drawn++;
          if (ours.data[i] === reference.data[i] && ours.data[i + 1] === reference.data[i + 1] && ours.data[i + 2] === reference.data[i + 2]) continue;
          const d = dotDistances(committed[n]!, x, y);
          if (d.some((r) => r >= 3 && r <= 5.5)) onRims++;
          else if (d.some((r) => r < 3)) insideDots++;
          else if (onEdge(reference, x, y)) offDots++;
          else offEdges++;
        }
      }
      const dots = committed[n]!.joints.length;
      figures.push(
        `  ${c.name}: ${onRims} on ${dots} dots' rims (${(onRims / dots).toFixed(1)} a dot), ${offDots} on silhouettes and seams, of ${drawn} drawn`,
      );
      expect(drawn).toBeGreaterThan(800);
      // The dots' centres are exact (where no other dot's rim crosses them); their antialiased rim (3 to 5.5 px out) differs, at most 40 pixels a dot.
      expect(insideDots).toBe(0);
      expect(onRims).toBeLessThanOrEqual(40 * dots);
      // The capsules: only pixels where a silhouette or a seam between two limbs passes, and at most 0.3% of the drawing.
      expect(offEdges).toBe(0);
      expect(offDots).toBeLessThanOrEqual(Math.ceil(0.003 * drawn));
    });
  });
});
