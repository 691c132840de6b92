// `npm run presets:sheet [out.png] [body|hand|face|id,id…]`: every built-in preset (or those of one kind, or those ids) drawn by the OpenPose renderer on one
// contact sheet, labelled, for people to check by eye.
import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { PRESETS } from '../../src/library/presets/index.js';
import { focusBox, framePose, THUMBNAIL_SIZE } from '../../src/library/thumbnail.js';
import { rasterizeOpenPose } from '../../src/pose/index.js';

const LABEL = 28;
const cell = { w: THUMBNAIL_SIZE + 8, h: THUMBNAIL_SIZE + LABEL };
const out = process.argv[2] ?? 'presets-sheet.png';
const only = process.argv[3];
const shown = PRESETS.filter((p) => !only || p.kind === only || only.split(',').includes(p.id));
const COLUMNS = Math.min(8, shown.length);

const rows = Math.ceil(shown.length / COLUMNS);
const canvas = createCanvas(COLUMNS * cell.w, rows * cell.h);
const ctx = canvas.getContext('2d');
ctx.fillStyle = '#202024';
ctx.fillRect(0, 0, canvas.width, canvas.height);
shown.forEach((preset, i) => {
  const [x, y] = [(i % COLUMNS) * cell.w + 4, Math.floor(i / COLUMNS) * cell.h];
  const image = ctx.createImageData(THUMBNAIL_SIZE, THUMBNAIL_SIZE);
  rasterizeOpenPose(framePose(preset.pose, focusBox(preset.pose, preset.kind)), image);
  ctx.putImageData(image, x, y);
  ctx.fillStyle = '#f0f0f0';
  ctx.font = '13px sans-serif';
  ctx.fillText(`${i + 1}. ${preset.name}`.slice(0, 30), x, y + THUMBNAIL_SIZE + 18);
});
fs.writeFileSync(out, canvas.encodeSync('png'));
console.log(
  `${shown.length} of ${PRESETS.length} presets (${PRESETS.filter((p) => p.kind === 'body').length} body, ${PRESETS.filter((p) => p.kind === 'hand').length} hand, ${PRESETS.filter((p) => p.kind === 'face').length} face) drawn to ${out}`,
);
