import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type { FoundPerson } from './blazePoseScore';
import type { TruthPhoto } from './blazePoseTruth';

/** OpenPose body limbs, by point index, drawn between a model's points. */
const LIMBS = [
  [1, 2], [2, 3], [3, 4], [1, 5], [5, 6], [6, 7], [1, 8], [8, 9], [9, 10], [1, 11], [11, 12], [12, 13], [1, 0], [0, 14], [14, 16], [0, 15], [15, 17],
]; // prettier-ignore

function drawPerson(ctx: SKRSContext2D, person: FoundPerson, colour: string) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  for (const [a, b] of LIMBS) {
    const [p, q] = [person[a], person[b]];
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.fillStyle = colour;
  person.forEach((p, i) => {
    if (!p) return;
    ctx.fillRect(p.x - 3, p.y - 3, 6, 6);
    ctx.fillText(String(i), p.x + 4, p.y - 4);
  });
}

/** Writes one PNG of the photo per model, side by side: the truth in green, the model's people in red, points numbered. */
export async function drawOverlay(photoPath: string, truth: TruthPhoto, models: Array<[string, FoundPerson[]]>, outPath: string): Promise<void> {
  const photo = await loadImage(fs.readFileSync(photoPath));
  const canvas = createCanvas(photo.width * models.length, photo.height);
  const ctx = canvas.getContext('2d');
  ctx.font = '12px sans-serif';
  models.forEach(([name, people], column) => {
    ctx.save();
    ctx.translate(column * photo.width, 0);
    ctx.drawImage(photo, 0, 0);
    for (const person of truth.people)
      drawPerson(
        ctx,
        person.points.map((p) => (Array.isArray(p) ? { x: p[0], y: p[1] } : null)),
        '#0f0',
      );
    for (const person of people) drawPerson(ctx, person, '#f00');
    ctx.fillStyle = '#ff0';
    ctx.fillText(name, 6, 14);
    ctx.restore();
  });
  fs.mkdirSync(path.dirname(outPath), { recursive: true });
  fs.writeFileSync(outPath, canvas.toBuffer('image/png'));
}
