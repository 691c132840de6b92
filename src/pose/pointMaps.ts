import type { DepthPoint, Keypoint } from './types.js';

/** A function moving one point; the person/animal helpers apply it to every keypoint. A map that returns no z keeps the point's depth. */
export type PointMap = (p: DepthPoint) => DepthPoint;

/** The keypoint moved by a map: its new place, its depth (the map's, or kept) and its visibility. */
export function movedKeypoint(p: Keypoint, f: PointMap): Keypoint {
  const q = f(p);
  const z = q.z ?? p.z;
  return z === undefined ? { x: q.x, y: q.y, visible: p.visible } : { x: q.x, y: q.y, z, visible: p.visible };
}

/** Moves points by (dx, dy); depth is kept. */
export function translation(dx: number, dy: number): PointMap {
  return (p) => ({ x: p.x + dx, y: p.y + dy });
}

// A uniform scale is one in depth too (about the canvas plane), so 3D bone-length ratios never change.
/** Scales points by factor about centre (and depth by the same factor). */
export function scaling(factor: number, centre: { x: number; y: number }): PointMap {
  return (p) => ({ x: centre.x + (p.x - centre.x) * factor, y: centre.y + (p.y - centre.y) * factor, ...(p.z === undefined ? {} : { z: p.z * factor }) });
}

/** Rotates points about centre; positive radians turn clockwise on screen (y points down). Depth is kept (a turn in the picture plane). */
export function rotation(radians: number, centre: { x: number; y: number }): PointMap {
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  return (p) => {
    const [dx, dy] = [p.x - centre.x, p.y - centre.y];
    return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
  };
}

/** Mirrors points across the vertical line x = centreX; depth is kept. */
export function mirrorAcross(centreX: number): PointMap {
  return (p) => ({ x: 2 * centreX - p.x, y: p.y });
}
