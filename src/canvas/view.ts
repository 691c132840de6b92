import type { Vec2 } from '../pose';

/** The stage transform: screen = doc × scale + (x, y), in CSS pixels of the stage. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

/** Smallest zoom (absolute, so the limits do not move when the canvas size changes). */
export const MIN_SCALE = 0.05;
/** Largest zoom. */
export const MAX_SCALE = 20;
/** Screen pixels left around the canvas when it is fitted. */
export const FIT_PADDING = 24;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The view showing the whole canvas centred in the stage. */
export function fitView(canvas: { width: number; height: number }, stage: { width: number; height: number }, padding = FIT_PADDING): View {
  const room = { w: Math.max(1, stage.width - 2 * padding), h: Math.max(1, stage.height - 2 * padding) };
  const scale = clampScale(Math.min(room.w / canvas.width, room.h / canvas.height));
  return { scale, x: (stage.width - canvas.width * scale) / 2, y: (stage.height - canvas.height * scale) / 2 };
}

/** The view zoomed by `factor` keeping the document point under `screen` in place. */
export function zoomAt(view: View, factor: number, screen: Vec2): View {
  const scale = clampScale(view.scale * factor);
  const doc = toDoc(view, screen);
  return { scale, x: screen.x - doc.x * scale, y: screen.y - doc.y * scale };
}

/** The view moved by a screen delta. */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** A stage point in document pixels. */
export function toDoc(view: View, screen: Vec2): Vec2 {
  return { x: (screen.x - view.x) / view.scale, y: (screen.y - view.y) / view.scale };
}

/** A document point on the stage. */
export function toScreen(view: View, doc: Vec2): Vec2 {
  return { x: doc.x * view.scale + view.x, y: doc.y * view.scale + view.y };
}
