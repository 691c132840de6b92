import { BODY, BODY_LIMBS, withPlausibleDepth, type Keypoint, type Person } from '../../../pose';

/** Where the side view draws: z (toward the viewer) to the right, y down, `scale` panel px per document px. */
export interface SideFrame {
  scale: number;
  /** Panel x of depth 0 and panel y of document y 0. */
  originX: number;
  originY: number;
}

/** A body joint as the side view draws it. */
export interface SidePoint {
  index: number;
  x: number;
  y: number;
}

/** Panel pixels kept free around the figure. */
export const SIDE_PADDING = 14;

// A point at 0, 0 that is hidden has no place (a file's missing point).
const placed = (p: Keypoint) => p.visible || p.x !== 0 || p.y !== 0;

/** The person's body with depth: their own, or a plausible one when they have none. */
export function bodyWithDepth(person: Person): Keypoint[] {
  return withPlausibleDepth(person).body;
}

/**
 * A frame that fits the placed body points' height into a panel of this size, centred across on
 * the hips' depth: pushing an arm or a leg never moves or rescales the frame under the pointer.
 */
export function fitSideFrame(body: readonly Keypoint[], width: number, height: number): SideFrame {
  const points = body.filter(placed);
  if (!points.length) return { scale: 1, originX: width / 2, originY: height / 2 };
  const ys = points.map((p) => p.y);
  const [minY, maxY] = [Math.min(...ys), Math.max(...ys)];
  const hips = [body[BODY.right_hip], body[BODY.left_hip]].filter((p): p is Keypoint => !!p && placed(p));
  const centreZ = hips.length ? hips.reduce((s, p) => s + (p.z ?? 0), 0) / hips.length : 0;
  const scale = (height - 2 * SIDE_PADDING) / Math.max(maxY - minY, 1);
  return { scale, originX: width / 2 - centreZ * scale, originY: height / 2 - ((minY + maxY) / 2) * scale };
}

/** The placed body points in panel pixels. */
export function sidePoints(body: readonly Keypoint[], frame: SideFrame): SidePoint[] {
  return body.flatMap((p, index) => (placed(p) ? [{ index, x: frame.originX + (p.z ?? 0) * frame.scale, y: frame.originY + p.y * frame.scale }] : []));
}

/** The limbs between two placed points, as panel segments with the limb's index (its colour). */
export function sideLimbs(points: readonly SidePoint[]): Array<{ limb: number; a: SidePoint; b: SidePoint }> {
  const byIndex = new Map(points.map((p) => [p.index, p]));
  return BODY_LIMBS.flatMap(([i, j], limb) => {
    const [a, b] = [byIndex.get(i), byIndex.get(j)];
    return a && b ? [{ limb, a, b }] : [];
  });
}

/** The joint nearest a panel point within `radius`, or null; `prefer` (the editor's selected joint) wins whenever it is within reach, as joints often overlap seen from the side. */
export function nearestSidePoint(points: readonly SidePoint[], at: { x: number; y: number }, radius: number, prefer?: number): number | null {
  const preferred = points.find((p) => p.index === prefer);
  if (preferred && Math.hypot(preferred.x - at.x, preferred.y - at.y) <= radius) return preferred.index;
  let best: { index: number; d: number } | null = null;
  for (const p of points) {
    const d = Math.hypot(p.x - at.x, p.y - at.y);
    if (d <= radius && (!best || d < best.d)) best = { index: p.index, d };
  }
  return best?.index ?? null;
}

/** The depth change (document px) a horizontal drag of `dx` panel pixels asks for. */
export const depthOfDrag = (dx: number, frame: SideFrame): number => dx / frame.scale;
