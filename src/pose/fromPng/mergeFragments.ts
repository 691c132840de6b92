import { BODY } from '../bodyTopology.js';
import type { Vec2 } from '../types.js';
import type { ReadBody } from './bodies.js';
import { components } from './pixels.js';

// Pieces of one body that no readable limb joins (a neck hidden under its shoulders' dots, a limb
// off the image, an ear whose eye is hidden) still touch in the drawing: people that do not touch
// are separate blobs of drawn pixels. Pieces in one blob are joined when they claim no joint twice.

function blobLabels(packed: Int32Array, width: number, height: number): Int32Array {
  const labels = new Int32Array(width * height).fill(-1);
  components(width, height, (i) => packed[i] !== 0).forEach((blob, n) => {
    for (const i of blob) labels[i] = n;
  });
  return labels;
}

// A joint's blob is the label under its centre, clamped into the image (a dot off the edge shows
// its inner part there).
function blobOf(body: ReadBody, labels: Int32Array, width: number, height: number): number {
  for (const p of body) {
    if (!p) continue;
    const x = Math.min(width - 1, Math.max(0, Math.round(p.x)));
    const y = Math.min(height - 1, Math.max(0, Math.round(p.y)));
    const label = labels[y * width + x] ?? -1;
    if (label >= 0) return label;
  }
  return -1;
}

const HEAD_ONLY = new Set([BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear]);
const HEAD = new Set([BODY.nose, ...HEAD_ONLY]);
const isHead = (b: ReadBody): boolean => b.some((p) => p !== null) && b.every((p, j) => p === null || HEAD.has(j));
const clash = (a: ReadBody, b: ReadBody): boolean => a.some((p, j) => p !== null && b[j] !== null);
const count = (b: ReadBody): number => b.filter((p) => p !== null).length;

function nearestGap(a: ReadBody, b: ReadBody): number {
  let best = Infinity;
  for (const p of a) for (const q of b) if (p && q) best = Math.min(best, Math.hypot(p.x - q.x, p.y - q.y));
  return best;
}

function merge(into: ReadBody, from: ReadBody): void {
  from.forEach((p, j) => {
    if (p) into[j] = p as Vec2;
  });
}

// A head seen from behind shows its ears and neck but no nose or eyes, and ears join eyes only:
// so its ear dots float apart from the body. A piece of eyes and ears alone goes to the nearest
// neck without them, where it lies within HEAD_REACH shoulder widths of it (an ear lies about
// half a shoulder width from the neck), nearest pairs first.
const HEAD_REACH = 1.5;

function attachLoneHeads(pieces: ReadonlyArray<{ body: ReadBody; alive: boolean }>): void {
  const heads = pieces.filter((p) => isHead(p.body));
  const pairs = heads.flatMap((head) =>
    pieces.flatMap((host) => {
      const [neck, right, left] = [host.body[BODY.neck], host.body[BODY.right_shoulder], host.body[BODY.left_shoulder]];
      if (!neck || !right || !left || clash(host.body, head.body)) return [];
      const gap = Math.max(...head.body.flatMap((q) => (q ? [Math.hypot(q.x - neck.x, q.y - neck.y)] : [])));
      return gap <= HEAD_REACH * Math.hypot(right.x - left.x, right.y - left.y) ? [{ head, host, gap }] : [];
    }),
  );
  for (const { head, host } of pairs.sort((a, b) => a.gap - b.gap)) {
    if (!head.alive || !host.alive || clash(host.body, head.body)) continue;
    merge(host.body, head.body);
    head.alive = false;
  }
}

/**
 * Joins the pieces of bodies that lie in one blob of drawn pixels and claim no joint twice:
 * pieces with a neck take the rest first, largest piece and nearest pieces first. Pieces of eyes
 * and ears alone go to a neck near them (attachLoneHeads); those no body took are dropped.
 */
export function mergeFragments(bodies: readonly ReadBody[], packed: Int32Array, width: number, height: number): ReadBody[] {
  const labels = blobLabels(packed, width, height);
  const pieces = bodies.map((b) => ({ body: [...b], blob: blobOf(b, labels, width, height), alive: true }));
  pieces.sort((a, b) => Number(b.body[BODY.neck] !== null) - Number(a.body[BODY.neck] !== null) || count(b.body) - count(a.body));
  for (const host of pieces) {
    if (!host.alive || host.blob < 0) continue;
    for (;;) {
      // A head alone (its neck off the canvas or hidden) goes only to a neck near it (attachLoneHeads).
      const guests = pieces.filter((g) => g !== host && g.alive && g.blob === host.blob && !clash(host.body, g.body) && !isHead(g.body));
      const guest = guests.sort((a, b) => nearestGap(host.body, a.body) - nearestGap(host.body, b.body))[0];
      if (!guest) break;
      merge(host.body, guest.body);
      guest.alive = false;
    }
  }
  attachLoneHeads(pieces.filter((p) => p.alive));
  // What no body took in (a lone eye or ear dot, a stray pixel of an eye's colour) is no person.
  return pieces.filter((p) => p.alive && p.body.some((q, j) => q !== null && !HEAD_ONLY.has(j))).map((p) => p.body);
}
