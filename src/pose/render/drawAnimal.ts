import { ANIMAL_COLOURS, ANIMAL_LINES } from '../animalTopology.js';
import type { Projection } from './projection.js';
import type { Raster } from './raster.js';
import { thickLine } from './thickLine.js';
import type { Keypoint } from '../types.js';

const LINE_WIDTH = 5;

/** Draws one animal as ControlNet's draw_animalpose: 17 coloured lines of width 5, no dots. */
export function drawAnimal(raster: Raster, keypoints: readonly Keypoint[], p: Projection): void {
  ANIMAL_LINES.forEach(([a, b], i) => {
    const k1 = keypoints[a];
    const k2 = keypoints[b];
    const colour = ANIMAL_COLOURS[i];
    if (!k1?.visible || !k2?.visible || !colour) return;
    const at = (k: Keypoint) => [Math.trunc(p.animalX(k.x)), Math.trunc(p.animalY(k.y))] as const;
    const [x1, y1] = at(k1);
    const [x2, y2] = at(k2);
    thickLine(raster, x1, y1, x2, y2, LINE_WIDTH, colour);
  });
}
