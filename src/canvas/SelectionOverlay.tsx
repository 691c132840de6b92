import type Konva from 'konva';
import { Shape } from './konvaCore';
import type { Box } from '../pose';
import { selectionHandles, type Handles } from './handles';
import { PALETTE } from './draw/palette';

interface SelectionOverlayProps {
  /** Box around the editable selected entities; null hides the overlay. */
  box: Box | null;
  /** Several entities: draw the group frame too (each entity draws its own dashed frame). */
  group: boolean;
  /** One unlocked person is selected: draw the turn (yaw and pitch) handle too. */
  turnable: boolean;
}

// The turn handle is a small globe: a circle with a meridian and an equator, the 3D turn's two axes.
function drawTurnHandle(ctx: CanvasRenderingContext2D, h: Handles, px: number): void {
  const { x, y } = h.turn;
  ctx.beginPath();
  ctx.moveTo(x, h.frame.minY);
  ctx.lineTo(x, y);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, h.radius * 1.3, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.lineWidth = px;
  ctx.beginPath();
  ctx.ellipse(x, y, h.radius * 0.55, h.radius * 1.3, 0, 0, Math.PI * 2);
  ctx.moveTo(x - h.radius * 1.3, y);
  ctx.lineTo(x + h.radius * 1.3, y);
  ctx.stroke();
}

function draw(context: Konva.Context, shape: Konva.Shape): void {
  const box = shape.getAttr('box') as Box | null;
  if (!box) return;
  const zoom = shape.getStage()?.scaleX() ?? 1;
  const h = selectionHandles(box, zoom);
  const ctx = context._context;
  const px = 1 / zoom;
  ctx.strokeStyle = PALETTE.selection;
  ctx.lineWidth = px;
  if (shape.getAttr('group')) ctx.strokeRect(h.frame.minX, h.frame.minY, h.frame.maxX - h.frame.minX, h.frame.maxY - h.frame.minY);
  ctx.beginPath();
  ctx.moveTo(h.rotate.x, h.frame.minY);
  ctx.lineTo(h.rotate.x, h.rotate.y);
  ctx.stroke();
  ctx.fillStyle = '#fff';
  ctx.lineWidth = 1.5 * px;
  ctx.beginPath();
  ctx.arc(h.rotate.x, h.rotate.y, h.radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillRect(h.scale.x - h.radius, h.scale.y - h.radius, 2 * h.radius, 2 * h.radius);
  ctx.strokeRect(h.scale.x - h.radius, h.scale.y - h.radius, 2 * h.radius, 2 * h.radius);
  if (shape.getAttr('turnable')) drawTurnHandle(ctx, h, px);
}

/** The rotate (top), scale (bottom-right) and turn (top-left) handles of the selection, shown between gestures. */
export function SelectionOverlay({ box, group, turnable }: SelectionOverlayProps) {
  return <Shape listening={false} perfectDrawEnabled={false} sceneFunc={draw} box={box} group={group} turnable={turnable} />;
}
