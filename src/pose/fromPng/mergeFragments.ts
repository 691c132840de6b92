import { BODY, BODY_LIMBS } from '../bodyTopology.js';
import { distance } from '../geometry.js';
import type { Vec2 } from '../types.js';
import type { ReadBody, ReadJoint } from './bodies.js';
import { BODY_LIMB_PACKED, drawnLimbStroke, leavesElsewhere, LIMB_SLACK, passesOver, runsOverBlack } from './limbEvidence.js';
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
  for (const p of a) for (const q of b) if (p && q) best = Math.min(best, distance(p, q));
  return best;
}

// Two pieces are not one person when a limb that would join them runs over black (one person's
// limb is drawn whole: a person whose neck is off the canvas beside another whose hips are), or
// when its colour leaves one of its ends the other way (a limb wholly covered between them, while
// the stroke that is the joint's own goes elsewhere).
function limbRefuses(packed: Int32Array, width: number, a: ReadBody, b: ReadBody): boolean {
  return BODY_LIMBS.some(([j, k], limb) =>
    [
      [a[j], b[k]],
      [b[j], a[k]],
    ].some(([p, q]) => {
      if (!p || !q) return false;
      const colour = BODY_LIMB_PACKED[limb] ?? 0;
      const stroke = drawnLimbStroke(packed, width, limb, p, q);
      return runsOverBlack(stroke) || (stroke.hits < 2 && (leavesElsewhere(packed, width, p, q, colour) || leavesElsewhere(packed, width, q, p, colour)));
    }),
  );
}

// A long stroke of one colour through another person's dot can give a body that person's joint
// (marked doubtful) while its own joint is read as a piece apart. The piece takes the joints back
// when each joint both claim is doubtful in the body and not in the piece, the body's limb to such
// a joint runs over another body's dot of the limb's first joint (so its far part is that body's
// limb), and the limb from the body's sure joint to the piece shows whole (no black along it): the
// body's doubtful joints there, and what hangs from them, give way. Returns the body with them
// cleared, or null.
function yieldDoubtful(packed: Int32Array, width: number, host: ReadBody, guest: ReadBody, bodies: readonly ReadBody[]): ReadBody | null {
  const claimed = host.flatMap((p, j) => (p && guest[j] ? [j] : []));
  if (claimed.length === 0 || claimed.some((j) => !host[j]?.doubtful || guest[j]?.doubtful)) return null;
  const joined = BODY_LIMBS.some(([a, b], limb) => {
    const [p, far, q] = [host[a], host[b], guest[b]];
    if (!p || p.doubtful || !far || !q || !claimed.includes(b)) return false;
    const throughAnother = bodies.some((o) => o !== host && o[a] && passesOver(p, far, o[a]));
    const stroke = drawnLimbStroke(packed, width, limb, p, q);
    return throughAnother && stroke.hits >= 2 && !runsOverBlack(stroke);
  });
  if (!joined) return null;
  const cleared = new Set(claimed);
  for (const [a, b] of BODY_LIMBS) if (cleared.has(a)) cleared.add(b);
  return host.map((p, j) => (cleared.has(j) ? null : p));
}

// Limbs between two joints along the body's tree (BODY_LIMBS), for every pair of joints.
const HOPS: number[][] = (() => {
  const n = 1 + Math.max(...BODY_LIMBS.flat());
  const hops = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)));
  for (const [a, b] of BODY_LIMBS) [hops[a]![b], hops[b]![a]] = [1, 1];
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) hops[i]![j] = Math.min(hops[i]![j]!, hops[i]![k]! + hops[k]![j]!);
  return hops;
})();

// Whether `piece` may be part of `body`'s person: they claim no joint twice and every joint of each
// lies within reach of every joint of the other, the limbs between them each no longer than
// LIMB_SLACK times the longest limb read in either.
function mayOwnPiece(body: ReadBody, piece: ReadBody): boolean {
  if (clash(body, piece)) return false;
  const longest = Math.max(0, ...[body, piece].flatMap((b) => BODY_LIMBS.flatMap(([j, k]) => (b[j] && b[k] ? [distance(b[j], b[k])] : []))));
  return body.every((p, j) => !p || piece.every((q, k) => !q || distance(p, q) <= (HOPS[j]?.[k] ?? Infinity) * LIMB_SLACK * longest));
}

function merge(into: ReadBody, from: ReadBody): void {
  from.forEach((p, j) => {
    if (p) into[j] = p as Vec2;
  });
}

// A head seen from behind shows its ears and neck but no nose or eyes, and ears join eyes only:
// so its ear dots float apart from the body. A piece of head joints alone goes to the body whose
// neck or sure head joints lie nearest it, within HEAD_REACH shoulder widths (an ear lies about
// half a shoulder width from the neck; the pieces joined past one width on random drawings were
// all another's), pieces with a nose first (the neck's limb joins a nose) and nearest first,
// again after each join (a nose joined brings the eyes beside it). It may join a body that holds
// none of its joints, or holds them only doubtfully and gives them way (yieldDoubtful), where no
// limb between them refuses it (limbRefuses) and its eyes and ears lie on their own sides
// (onOwnSide).
const HEAD_REACH = 1;
const RIGHT_SIDE = new Set([BODY.right_eye, BODY.right_ear]);
const LEFT_SIDE = new Set([BODY.left_eye, BODY.left_ear]);

// Whether each eye and ear lies nearer the shoulder of its own side: a right ear lies on the
// right shoulder's side of the neck whichever way the person faces.
const onOwnSide = (head: ReadBody, right: Vec2, left: Vec2): boolean =>
  head.every((q, j) => !q || !(RIGHT_SIDE.has(j) || LEFT_SIDE.has(j)) || distance(q, right) < distance(q, left) === RIGHT_SIDE.has(j));

function attachLoneHeads(pieces: ReadonlyArray<{ body: ReadBody; alive: boolean }>, packed: Int32Array, width: number, bodies: readonly ReadBody[]): void {
  for (;;) {
    const pairs = pieces.flatMap((head) => {
      if (!head.alive || !isHead(head.body)) return [];
      return pieces.flatMap((host) => {
        const [neck, right, left] = [host.body[BODY.neck], host.body[BODY.right_shoulder], host.body[BODY.left_shoulder]];
        if (host === head || !host.alive || !neck || !right || !left) return [];
        const body = clash(host.body, head.body) ? yieldDoubtful(packed, width, host.body, head.body, bodies) : host.body;
        if (!body || clash(body, head.body) || limbRefuses(packed, width, body, head.body)) return [];
        if (!onOwnSide(head.body, right, left)) return [];
        const near = body.filter((p, j): p is ReadJoint => !!p && !p.doubtful && (j === BODY.neck || HEAD.has(j)));
        const gap = Math.max(...head.body.flatMap((q) => (q ? [Math.min(...near.map((p) => distance(p, q)))] : [])));
        return gap <= HEAD_REACH * distance(right, left) ? [{ head, host, body, gap }] : [];
      });
    });
    const nearest = pairs.sort((a, b) => Number(!a.head.body[BODY.nose]) - Number(!b.head.body[BODY.nose]) || a.gap - b.gap)[0];
    if (!nearest) return;
    nearest.host.body = nearest.body;
    merge(nearest.host.body, nearest.head.body);
    nearest.head.alive = false;
  }
}

/**
 * Joins the pieces of bodies that lie in one blob of drawn pixels, claim no joint twice and have no
 * limb between them that refuses it (limbRefuses):
 * pieces with a neck take the rest first, largest piece and nearest pieces first. Pieces of eyes
 * and ears alone go to a neck near them (attachLoneHeads); those no body took are dropped, and so
 * is a head left beside bodies in its blob. A piece without a neck that another body could own
 * (mayOwnPiece) joins it where that body has no neck either, and is dropped otherwise.
 */
export function mergeFragments(bodies: readonly ReadBody[], packed: Int32Array, width: number, height: number): ReadBody[] {
  const labels = blobLabels(packed, width, height);
  const pieces = bodies.map((b) => ({ body: [...b], blob: blobOf(b, labels, width, height), alive: true }));
  // Heads alone last: by then the other pieces are joined into the bodies they take in.
  pieces.sort(
    (a, b) =>
      Number(b.body[BODY.neck] !== null) - Number(a.body[BODY.neck] !== null) ||
      Number(isHead(a.body)) - Number(isHead(b.body)) ||
      count(b.body) - count(a.body),
  );
  for (const host of pieces) {
    if (!host.alive || host.blob < 0) continue;
    for (;;) {
      // A head alone (its neck off the canvas or hidden) is taken in by no body, but takes in the
      // one body in its blob it could join; where it could belong to more than one, it joins none.
      const guests = pieces.flatMap((g) => {
        if (g === host || !g.alive || g.blob !== host.blob || isHead(g.body)) return [];
        const body = clash(host.body, g.body) ? yieldDoubtful(packed, width, host.body, g.body, bodies) : host.body;
        return body && !clash(body, g.body) && !limbRefuses(packed, width, body, g.body) ? [{ piece: g, body }] : [];
      });
      // A body holding one of the head's joints only doubtfully might be its owner as well.
      const mayOwn = (g: (typeof pieces)[number]) =>
        g !== host && g.alive && g.blob === host.blob && !isHead(g.body) && host.body.every((p, j) => !p || !g.body[j] || g.body[j]?.doubtful);
      if (isHead(host.body) && pieces.filter(mayOwn).length > 1) break;
      const chosen = guests.sort((a, b) => nearestGap(host.body, a.piece.body) - nearestGap(host.body, b.piece.body))[0];
      if (!chosen) break;
      const guest = chosen.piece;
      host.body = chosen.body;
      merge(host.body, guest.body);
      guest.alive = false;
    }
  }
  attachLoneHeads(
    pieces.filter((p) => p.alive),
    packed,
    width,
    bodies,
  );
  // What no body took in (a lone eye or ear dot, a stray pixel of an eye's colour) is no person;
  // nor is a head left beside bodies in its blob (it is one of theirs, which one is not told).
  // Nor is a piece without a neck that claims only joints a body in its blob holds doubtfully:
  // either it is that body's or those joints are, and the drawing does not say which.
  const beside = (head: (typeof pieces)[number]) => pieces.some((p) => p !== head && p.alive && p.blob === head.blob && !isHead(p.body));
  const contested = (piece: (typeof pieces)[number]) =>
    !piece.body[BODY.neck] &&
    pieces.some(
      (p) =>
        p !== piece &&
        p.alive &&
        p.blob === piece.blob &&
        p.body[BODY.neck] &&
        clash(p.body, piece.body) &&
        piece.body.every((q, j) => !q || !p.body[j] || p.body[j]?.doubtful),
    );
  const kept = pieces.filter((p) => p.alive && p.body.some((q, j) => q !== null && !HEAD_ONLY.has(j)) && !(isHead(p.body) && beside(p)) && !contested(p));
  // A piece without a neck that a body ranked before it (one with a neck, or a larger piece) could
  // own (mayOwnPiece, and no limb between them refuses it), the limbs between them off the canvas
  // or hidden, is no person of its own. Where the one body that could own it has no neck either,
  // they are one person parted by the canvas's edge; else whose it is the drawing does not say,
  // and it is dropped.
  const ranked = [...kept].sort((a, b) => Number(b.body[BODY.neck] !== null) - Number(a.body[BODY.neck] !== null) || count(b.body) - count(a.body));
  const people: ReadBody[] = [];
  for (const piece of ranked) {
    const owners = piece.body[BODY.neck] ? [] : people.filter((owner) => mayOwnPiece(owner, piece.body) && !limbRefuses(packed, width, owner, piece.body));
    const [owner] = owners;
    if (!owner) people.push(piece.body);
    else if (owners.length === 1 && !owner[BODY.neck]) merge(owner, piece.body);
  }
  return people;
}
