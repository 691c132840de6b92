import type { Vec2 } from './types.js';

/** A function moving one point; the person/animal helpers apply it to every keypoint. */
export type PointMap = (p: Vec2) => Vec2;

/** Moves points by (dx, dy). */
export function translation(dx: number, dy: number): PointMap {
  return (p) => ({ x: p.x + dx, y: p.y + dy });
}

/** Scales points by factor about centre. */
export function scaling(factor: number, centre: Vec2): PointMap {
  return (p) => ({ x: centre.x + (p.x - centre.x) * factor, y: centre.y + (p.y - centre.y) * factor });
}

/** Rotates points about centre; positive radians turn clockwise on screen (y points down). */
export function rotation(radians: number, centre: Vec2): PointMap {
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  return (p) => {
    const [dx, dy] = [p.x - centre.x, p.y - centre.y];
    return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
  };
}

/** Mirrors points across the vertical line x = centreX. */
export function mirrorAcross(centreX: number): PointMap {
  return (p) => ({ x: 2 * centreX - p.x, y: p.y });
}
