import { createCanvas } from '@napi-rs/canvas';
import { refitDocument, type PoseDocument } from '../../../src/pose/index.js';
import { encodePng } from '../png/encodePng.js';
import { drawAnimal } from './animalFigure.js';
import { bodyFrame } from './bodyFrame.js';
import { drawPerson } from './personFigure.js';
import { drawFloorShadow, drawStudio } from './studio.js';
import { variantFor } from './variant.js';

/** Draws image `index` of a job: studio, shadows, then figures back to front (higher feet are farther). Runs in the render process. */
export function renderMannequin(doc: PoseDocument, width: number, height: number, seed: number, index: number): Buffer {
  const scene = refitDocument(doc, width, height);
  const variant = variantFor(seed, index);
  const look = { material: variant.material, light: variant.light };
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawStudio(ctx, width, height, variant);
  const people = scene.people.map((person) => ({ person, frame: bodyFrame(person) }));
  people.sort((a, b) => (a.frame.feet?.y ?? 0) - (b.frame.feet?.y ?? 0));
  for (const { frame } of people) if (frame.feet) drawFloorShadow(ctx, frame.feet, frame.halfWidth * 0.9, variant);
  for (const animal of scene.animals) drawAnimal(ctx, animal, look);
  for (const { person, frame } of people) drawPerson(ctx, person, look, frame);
  // Not canvas.encode(): its async path has crashed the process; ours is also the faster (bench/png.ts).
  return encodePng(ctx.getImageData(0, 0, width, height));
}
