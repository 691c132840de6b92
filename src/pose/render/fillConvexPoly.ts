import { XY_ONE, XY_SHIFT, idiv, shr } from './fixedPoint.js';
import { line8, lineFixed } from './line.js';
import { hline, type Raster } from './raster.js';
import type { Rgb, Vec2 } from '../types.js';

interface Edge {
  idx: number;
  di: number;
  x: number;
  dx: number;
  ye: number;
}

function outline(raster: Raster, v: readonly Vec2[], colour: Rgb, shift: number): void {
  const up = 2 ** (XY_SHIFT - shift);
  let p0 = v[v.length - 1] as Vec2;
  for (const p of v) {
    if (shift === 0) line8(raster, p0.x, p0.y, p.x, p.y, colour);
    else lineFixed(raster, { x1: p0.x * up, y1: p0.y * up, x2: p.x * up, y2: p.y * up }, colour);
    p0 = p;
  }
}

// cv2 draws the outline with its own lines first, then scan-fills with a two-edge walk whose
// rounding decides the last pixel of each row; both are reproduced step by step.
/** cv2.fillConvexPoly with LINE_8; shift 0 takes pixel vertices, shift 16 takes 16.16 fixed point. */
export function fillConvexPoly(raster: Raster, v: readonly Vec2[], colour: Rgb, shift: number): void {
  const n = v.length;
  if (n === 0) return;
  const delta = shift ? 1 << (shift - 1) : 0;
  const up = 2 ** (XY_SHIFT - shift);
  const half = XY_ONE >> 1;
  const at = (i: number): Vec2 => v[i] as Vec2;

  let imin = 0;
  let [xmin, xmax, ymin, ymax] = [at(0).x, at(0).x, at(0).y, at(0).y];
  v.forEach((p, i) => {
    if (p.y < ymin) [ymin, imin] = [p.y, i];
    ymax = Math.max(ymax, p.y);
    xmax = Math.max(xmax, p.x);
    xmin = Math.min(xmin, p.x);
  });
  outline(raster, v, colour, shift);

  [xmin, xmax, ymin, ymax] = [xmin, xmax, ymin, ymax].map((c) => shr(c + delta, shift)) as [number, number, number, number];
  if (n < 3 || xmax < 0 || ymax < 0 || xmin >= raster.width || ymin >= raster.height) return;
  ymax = Math.min(ymax, raster.height - 1);

  const edges: [Edge, Edge] = [
    { idx: imin, di: 1, x: -XY_ONE, dx: 0, ye: ymin },
    { idx: imin, di: n - 1, x: -XY_ONE, dx: 0, ye: ymin },
  ];
  let remaining = n;
  let y = ymin;
  do {
    for (const edge of edges) {
      if (y < edge.ye) continue;
      let idx0 = edge.idx;
      let idx = (idx0 + edge.di) % n;
      // cv2's `for (; edges-- > 0; )`: the shared budget also ends the whole fill.
      while (remaining-- > 0) {
        const ty = shr(at(idx).y + delta, shift);
        if (ty > y) {
          const xs = at(idx0).x * up;
          const xe = at(idx).x * up;
          edge.ye = ty;
          edge.dx = idiv((xe - xs) * 2 + (ty - y), 2 * (ty - y));
          edge.x = xs;
          edge.idx = idx;
          break;
        }
        idx0 = idx;
        idx = (idx + edge.di) % n;
      }
    }
    if (remaining < 0) break;
    if (y >= 0) {
      const [left, right] = edges[0].x > edges[1].x ? [edges[1], edges[0]] : [edges[0], edges[1]];
      const xx1 = shr(left.x + half, XY_SHIFT);
      const xx2 = shr(right.x + half, XY_SHIFT);
      if (xx2 >= 0 && xx1 < raster.width) hline(raster, y, xx1, xx2, colour);
    }
    edges[0].x += edges[0].dx;
    edges[1].x += edges[1].dx;
  } while (++y <= ymax);
}
