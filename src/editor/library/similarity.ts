import type { Vec2 } from '../../pose';

/** Scale-and-turn-and-move map of the plane (no mirror): p → centre + R·s·(p - origin). */
export interface Similarity {
  origin: Vec2;
  centre: Vec2;
  /** s·cos and s·sin of the turn. */
  a: number;
  b: number;
}

/** Applies a similarity to a point. */
export function applySimilarity(t: Similarity, p: Vec2): Vec2 {
  const [x, y] = [p.x - t.origin.x, p.y - t.origin.y];
  return { x: t.centre.x + t.a * x - t.b * y, y: t.centre.y + t.b * x + t.a * y };
}

const mean = (ps: readonly Vec2[]): Vec2 => ({ x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length });

/** The least-squares similarity taking `from[i]` onto `to[i]` (Umeyama without reflection); null without two distinct points. */
export function fitSimilarity(from: readonly Vec2[], to: readonly Vec2[]): Similarity | null {
  if (from.length < 2 || from.length !== to.length) return null;
  const [cf, ct] = [mean(from), mean(to)];
  let [a, b, norm] = [0, 0, 0];
  from.forEach((p, i) => {
    const [px, py, qx, qy] = [p.x - cf.x, p.y - cf.y, to[i].x - ct.x, to[i].y - ct.y];
    a += px * qx + py * qy;
    b += px * qy - py * qx;
    norm += px * px + py * py;
  });
  return norm > 1e-9 ? { origin: cf, centre: ct, a: a / norm, b: b / norm } : null;
}
