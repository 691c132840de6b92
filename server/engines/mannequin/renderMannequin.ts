import { createCanvas } from '@napi-rs/canvas';
import { refitDocument, renderBodySurface, type PoseDocument } from '../../../src/pose/index.js';
import { encodePng } from '../png/encodePng.js';
import { paintFigures } from './figureShading.js';
import { drawFloorShadow, drawStudio } from './studio.js';
import { variantFor } from './variant.js';

/**
 * Draws image `index` of a job: the studio and the figures' floor shadows, then the 3D body of every
 * person and animal (the one the depth and normal maps show) with a depth buffer, lit by its
 * normals. Runs in the render process.
 */
export function renderMannequin(doc: PoseDocument, width: number, height: number, seed: number, index: number): Buffer {
  const scene = refitDocument(doc, width, height);
  const variant = variantFor(seed, index);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawStudio(ctx, width, height, variant);
  for (const figure of [...scene.people.map((p) => p.body), ...scene.animals.map((a) => a.keypoints)]) drawFloorShadow(ctx, figure, variant);
  const image = ctx.getImageData(0, 0, width, height);
  paintFigures(renderBodySurface(scene, width, height), image, { material: variant.material, light: variant.light });
  // Not canvas.encode(): its async path has crashed the process; ours is also the faster (bench/png.ts).
  return encodePng(image);
}
