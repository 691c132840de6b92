import { ANIMAL_COLOURS, ANIMAL_KEYPOINT_COUNT, ANIMAL_LINES } from '../animalTopology.js';
import type { Vec2 } from '../types.js';
import { components, packRgb } from './pixels.js';

// ControlNet draws an animal (draw_animalpose) as 17 lines of width 5, each in its own colour, with
// no dots: cv2 makes a width-5 line 7 pixels across with a round cap of radius 3 on each end. So a
// line is a long stroke of one colour, 5 to 9 pixels across, its points 3 pixels in from its ends;
// a point is where the lines meeting there end, best told by the line drawn last (its cap shows
// whole). Strokes of lines that share a point and end together make one animal. Several of the
// colours are also a person's (joint dots, the thumb's first bone, face dots): a dot is round, a
// bone 2 pixels wide, so only strokes shaped as an animal's lines, three kinds or more joined as
// the animal's lines join, are read as one.

/** One animal read from an image: for each AP-10K point its position, or null when it cannot be told. */
export type ReadAnimal = Array<Vec2 | null>;

const CAP = 3;
const [MIN_ACROSS, MAX_ACROSS] = [5, 10];
// A stroke this much longer than wide is a line, not a dot.
const ELONGATED = 3;
const MIN_PIXELS = 20;
// An end of a line lies within this distance of a line drawn later from the same point (under
// which it ends: the later line's cap and half its width), and of the ends of lines from it.
const JOIN = 8;
// A short line may be wholly covered by those drawn after it: the lines on either side of it
// end this far apart at most.
const ATTACH = 24;
const MIN_LINES = 3;

interface Stroke {
  pixels: number[];
  /** The lines drawn in this colour. */
  lines: number[];
  ends: [Vec2, Vec2];
}

const LINES_OF = new Map<number, number[]>();
ANIMAL_COLOURS.forEach((c, i) => LINES_OF.set(packRgb(c), [...(LINES_OF.get(packRgb(c)) ?? []), i]));

// Connected runs of one animal colour (8-neighbours of the same colour), big enough to be a line.
function colourRuns(packed: Int32Array, width: number, height: number): Array<{ colour: number; pixels: number[] }> {
  return components(
    width,
    height,
    (i) => LINES_OF.has(packed[i] ?? 0),
    (a, b) => packed[a] === packed[b],
  )
    .filter((pixels) => pixels.length >= MIN_PIXELS)
    .map((pixels) => ({ colour: packed[pixels[0] ?? 0] ?? 0, pixels }));
}

// A run read as a straight stroke of width 5 (its axis by principal components), or null when it is not one.
function strokeOf(run: { colour: number; pixels: number[] }, width: number): Stroke | null {
  const n = run.pixels.length;
  let [cx, cy] = [0, 0];
  for (const i of run.pixels) [cx, cy] = [cx + (i % width), cy + Math.floor(i / width)];
  [cx, cy] = [cx / n, cy / n];
  let [xx, xy, yy] = [0, 0, 0];
  for (const i of run.pixels) {
    const [dx, dy] = [(i % width) - cx, Math.floor(i / width) - cy];
    [xx, xy, yy] = [xx + dx * dx, xy + dx * dy, yy + dy * dy];
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  let [t0, t1, s0, s1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const i of run.pixels) {
    const [dx, dy] = [(i % width) - cx, Math.floor(i / width) - cy];
    const [t, s] = [dx * ux + dy * uy, -dx * uy + dy * ux];
    [t0, t1, s0, s1] = [Math.min(t0, t), Math.max(t1, t), Math.min(s0, s), Math.max(s1, s)];
  }
  const across = s1 - s0 + 1;
  if (across < MIN_ACROSS || across > MAX_ACROSS || t1 - t0 + 1 < across + ELONGATED) return null;
  const at = (t: number): Vec2 => ({ x: cx + t * ux, y: cy + t * uy });
  return { pixels: run.pixels, lines: LINES_OF.get(run.colour) ?? [], ends: [at(t0 + CAP), at(t1 - CAP)] };
}

// How far a point lies from a stroke's axis (its segment between its ends).
function offStroke(p: Vec2, s: Stroke): number {
  const [a, b] = s.ends;
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}
const sharePoint = (k: number, l: number) => {
  const [a, b] = ANIMAL_LINES[k] ?? [-1, -1];
  const [c, d] = ANIMAL_LINES[l] ?? [-2, -2];
  return k !== l && (a === c || a === d || b === c || b === d);
};
// Two strokes join where some line of each shares a point and an end of one lies on the other
// (a line drawn later over a point covers the ends of those drawn before).
const joined = (s: Stroke, t: Stroke) =>
  s.lines.some((k) => t.lines.some((l) => sharePoint(k, l))) && (s.ends.some((e) => offStroke(e, t) <= JOIN) || t.ends.some((e) => offStroke(e, s) <= JOIN));

// Strokes parted into animals: joined strokes, transitively; then a group of lines the larger
// lacks, an end of it near an end of the larger, is taken into it (a short line between them,
// covered by the lines drawn after it, did not show as a stroke).
function groups(strokes: Stroke[]): Stroke[][] {
  const found = joinedGroups(strokes).sort((a, b) => b.length - a.length);
  const lines = (g: Stroke[]) => new Set(g.flatMap((s) => s.lines));
  const ends = (g: Stroke[]) => g.flatMap((s) => s.ends);
  for (let i = 0; i < found.length; i++) {
    for (let j = found.length - 1; j > i; j--) {
      const [big, small] = [found[i] as Stroke[], found[j] as Stroke[]];
      const have = lines(big);
      const fits =
        small.every((s) => s.lines.some((l) => !have.has(l))) && ends(small).some((e) => ends(big).some((f) => Math.hypot(e.x - f.x, e.y - f.y) <= ATTACH));
      if (!fits) continue;
      big.push(...small);
      found.splice(j, 1);
    }
  }
  return found;
}

function joinedGroups(strokes: Stroke[]): Stroke[][] {
  const group = strokes.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i] as number)));
  strokes.forEach((s, i) =>
    strokes.forEach((t, j) => {
      if (j > i && joined(s, t)) group[root(i)] = root(j);
    }),
  );
  const byRoot = new Map<number, Stroke[]>();
  strokes.forEach((s, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), s]));
  return [...byRoot.values()];
}

// Each line of one animal given its stroke: the longest stroke of its colour joined to a stroke of
// a line it shares a point with (a colour drawn for two lines tells them apart that way; a stroke
// serves one line, the one it has more such neighbours for).
function strokesByLine(group: Stroke[]): Array<Stroke | null> {
  const length = (s: Stroke) => Math.hypot(s.ends[0].x - s.ends[1].x, s.ends[0].y - s.ends[1].y);
  const neighbours = (s: Stroke, line: number) => group.filter((t) => t !== s && t.lines.some((l) => sharePoint(line, l)) && joined(s, t)).length;
  const serves = (s: Stroke, line: number) =>
    s.lines.length === 1 || (neighbours(s, line) > 0 && s.lines.every((l) => l === line || neighbours(s, l) <= neighbours(s, line)));
  const taken = new Set<Stroke>();
  return ANIMAL_LINES.map((_, line) => {
    const mine = group.filter((s) => s.lines.includes(line) && !taken.has(s) && serves(s, line)).sort((a, b) => length(b) - length(a))[0] ?? null;
    if (mine) taken.add(mine);
    return mine;
  });
}

// The animal's points: each line's ends given to its two points (the way round whose ends lie
// nearer the ends of the lines sharing those points), each point taken from the last line drawn
// to it.
function pointsOf(lines: Array<Stroke | null>): ReadAnimal {
  const endsAt = (point: number, except: number): Vec2[] => lines.flatMap((s, l) => (s && l !== except && ANIMAL_LINES[l]?.includes(point) ? s.ends : []));
  const gap = (p: Vec2, point: number, line: number) => Math.min(JOIN * 4, ...endsAt(point, line).map((q) => Math.hypot(p.x - q.x, p.y - q.y)));
  const points: ReadAnimal = Array.from({ length: ANIMAL_KEYPOINT_COUNT }, () => null);
  lines.forEach((s, l) => {
    if (!s) return;
    const [a, b] = ANIMAL_LINES[l] as readonly [number, number];
    const [e, f] = s.ends;
    const straight = gap(e, a, l) + gap(f, b, l) <= gap(f, a, l) + gap(e, b, l);
    // Lines are drawn in order: a later line's end replaces an earlier one's.
    [points[a], points[b]] = straight ? [e, f] : [f, e];
  });
  return points;
}

/**
 * Reads the animals of a drawing: each group of at least three joined strokes shaped as the
 * animal's lines is one animal. Returns the animals and the pixels of their strokes (to leave out
 * of the people's reading).
 */
export function readAnimals(packed: Int32Array, width: number, height: number): { animals: ReadAnimal[]; strokes: number[] } {
  const strokes = colourRuns(packed, width, height).flatMap((run) => strokeOf(run, width) ?? []);
  const animals: ReadAnimal[] = [];
  const drawn: number[] = [];
  for (const group of groups(strokes)) {
    const lines = strokesByLine(group);
    if (lines.filter((s) => s !== null).length < MIN_LINES) continue;
    animals.push(pointsOf(lines));
    for (const s of lines) if (s) drawn.push(...s.pixels);
  }
  return { animals, strokes: drawn };
}
