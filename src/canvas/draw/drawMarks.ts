import { animalBoundingBox, personBoundingBox, type Animal, type Keypoint, type Person } from '../../pose';
import { FRAME_PADDING_PX, padBox } from '../handles';
import type { EntityDrawAttrs, PointMark } from './drawAttrs';
import { PALETTE, type Sizes } from './palette';
import { ring } from './primitives';

function pointsOf(attrs: EntityDrawAttrs, part: PointMark['part']): readonly Keypoint[] | undefined {
  if (attrs.kind === 'animal') return part === 'animal' ? (attrs.entity as Animal).keypoints : undefined;
  return part === 'animal' ? undefined : (attrs.entity as Person)[part];
}

function radiusOf(part: PointMark['part'], s: Sizes): number {
  if (part === 'body') return s.bodyRadius;
  if (part === 'face') return s.faceRadius;
  if (part === 'feet') return s.footRadius;
  return part === 'animal' ? s.animalRadius : s.handRadius;
}

function drawHidden(ctx: CanvasRenderingContext2D, attrs: EntityDrawAttrs, s: Sizes): void {
  const parts: PointMark['part'][] = attrs.kind === 'animal' ? ['animal'] : ['body', 'feet', 'leftHand', 'rightHand', 'face'];
  for (const part of parts) {
    for (const p of pointsOf(attrs, part) ?? []) {
      // A hidden point that still has a place is drawn hollow so it can be picked and shown again.
      if (!p.visible && p.x > 0 && p.y > 0) ring(ctx, p.x, p.y, radiusOf(part, s), PALETTE.hidden, s.px);
    }
  }
}

function drawFrame(ctx: CanvasRenderingContext2D, attrs: EntityDrawAttrs, s: Sizes): void {
  const box = attrs.kind === 'person' ? personBoundingBox(attrs.entity as Person) : animalBoundingBox(attrs.entity as Animal);
  if (!box) return;
  const f = padBox(box, FRAME_PADDING_PX * s.px);
  ctx.strokeStyle = attrs.locked ? PALETTE.locked : PALETTE.selection;
  ctx.lineWidth = s.px;
  ctx.setLineDash([4 * s.px, 3 * s.px]);
  ctx.strokeRect(f.minX, f.minY, f.maxX - f.minX, f.maxY - f.minY);
  ctx.setLineDash([]);
  if (attrs.locked) drawPadlock(ctx, f.maxX, f.minY, s.px);
}

// A small padlock on the frame's top-right corner says why the entity does not move.
function drawPadlock(ctx: CanvasRenderingContext2D, x: number, y: number, px: number): void {
  ctx.fillStyle = PALETTE.locked;
  ctx.strokeStyle = PALETTE.locked;
  ctx.lineWidth = 1.5 * px;
  ctx.fillRect(x - 5 * px, y - 3 * px, 10 * px, 8 * px);
  ctx.beginPath();
  ctx.arc(x, y - 3 * px, 3.2 * px, Math.PI, 0);
  ctx.stroke();
}

// A pinned joint wears a small outlined diamond above it, selected or not: posing holds it still.
function drawPins(ctx: CanvasRenderingContext2D, attrs: EntityDrawAttrs, s: Sizes): void {
  const part = attrs.kind === 'animal' ? 'animal' : 'body';
  const points = pointsOf(attrs, part);
  const size = 6 * s.px;
  for (const index of attrs.entity.figure?.pins ?? []) {
    const p = points?.[index];
    if (!p) continue;
    const [x, y] = [p.x, p.y - radiusOf(part, s) - size - 2 * s.px];
    ctx.beginPath();
    ctx.moveTo(x, y - size);
    ctx.lineTo(x + size, y);
    ctx.lineTo(x, y + size);
    ctx.lineTo(x - size, y);
    ctx.closePath();
    ctx.fillStyle = PALETTE.pin;
    ctx.fill();
    ctx.strokeStyle = PALETTE.outline;
    ctx.lineWidth = s.px;
    ctx.stroke();
  }
}

/** Draws the editor's marks on an entity: pins, hidden points, frame and lock, hovered and focused joints. */
export function drawMarks(ctx: CanvasRenderingContext2D, attrs: EntityDrawAttrs, s: Sizes): void {
  drawPins(ctx, attrs, s);
  if (attrs.selected) {
    drawHidden(ctx, attrs, s);
    drawFrame(ctx, attrs, s);
  }
  for (const [mark, colour, extra] of [
    [attrs.hover, PALETTE.hover, 3],
    [attrs.focus, PALETTE.focus, 4],
  ] as const) {
    const p = mark && pointsOf(attrs, mark.part)?.[mark.index];
    if (p) ring(ctx, p.x, p.y, radiusOf(mark.part, s) + extra * s.px, colour, 2 * s.px);
  }
}
