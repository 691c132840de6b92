import type { Keypoint } from '../../pose';

type Edges = ReadonlyArray<readonly [number, number]>;

/** Strokes each edge whose ends are visible, edge i in colours[i]. */
export function strokeEdges(ctx: CanvasRenderingContext2D, points: readonly Keypoint[], edges: Edges, colours: readonly string[], width: number): void {
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  edges.forEach(([a, b], i) => {
    const [p, q] = [points[a], points[b]];
    if (!p?.visible || !q?.visible) return;
    ctx.strokeStyle = colours[i % colours.length]!;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  });
}

/** Fills every visible point as one path in one colour (hands, faces): one draw call for many dots. */
export function fillDots(ctx: CanvasRenderingContext2D, points: readonly Keypoint[], radius: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (const p of points) {
    if (!p.visible) continue;
    ctx.moveTo(p.x + radius, p.y);
    ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
  }
  ctx.fill();
}

/** Strokes a ring around a point. */
export function ring(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number, colour: string, width: number): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.stroke();
}
