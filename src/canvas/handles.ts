import type { Box, Vec2 } from '../pose';

/** Screen pixels between an entity's points and its selection frame. */
export const FRAME_PADDING_PX = 10;
/** Screen pixels from the frame's top edge up to the rotate handle. */
export const ROTATE_OFFSET_PX = 26;
/** Screen radius of the rotate and scale handles. */
export const HANDLE_RADIUS_PX = 6;

/** The selection frame and its handles, in document pixels for the current zoom. */
export interface Handles {
  frame: Box;
  rotate: Vec2;
  scale: Vec2;
  /** The turn (yaw and pitch) handle, top left: shown for one unlocked person alone. */
  turn: Vec2;
  radius: number;
}

/** Where the frame and the rotate (top centre), scale (bottom right) and turn (top left) handles of a selection are. */
export function selectionHandles(box: Box, zoom: number): Handles {
  const pad = FRAME_PADDING_PX / zoom;
  const frame = { minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad };
  return {
    frame,
    rotate: { x: (frame.minX + frame.maxX) / 2, y: frame.minY - ROTATE_OFFSET_PX / zoom },
    scale: { x: frame.maxX, y: frame.maxY },
    turn: { x: frame.minX, y: frame.minY - ROTATE_OFFSET_PX / zoom },
    radius: HANDLE_RADIUS_PX / zoom,
  };
}

/** The box grown by `by` on every side. */
export function padBox(box: Box, by: number): Box {
  return { minX: box.minX - by, minY: box.minY - by, maxX: box.maxX + by, maxY: box.maxY + by };
}
