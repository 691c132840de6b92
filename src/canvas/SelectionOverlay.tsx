import type Konva from 'konva';
import { Shape } from './konvaCore';
import type { Box } from '../pose';
import { selectionHandles } from './handles';
import { PALETTE } from './draw/palette';

interface SelectionOverlayProps {
  /** Box around the editable selected entities; null hides the overlay. */
  box: Box | null;
  /** Several entities: draw the group frame too (each entity draws its own dashed frame). */
  group: boolean;
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
}

/** The rotate (top) and scale (bottom-right) handles of the selection, shown between gestures. */
export function SelectionOverlay({ box, group }: SelectionOverlayProps) {
  return <Shape listening={false} perfectDrawEnabled={false} sceneFunc={draw} box={box} group={group} />;
}
