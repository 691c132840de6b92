import {
  animalBoundingBox,
  boxCentre,
  personBoundingBox,
  refitDocument,
  translateAnimal,
  translatePerson,
  type Box,
  type PoseDocument,
  type Vec2,
} from '../../pose';
import { appendEntities } from '../model/entities';
import { entityBox, listEntities, unionBox, type EntityRef, type Scene } from '../model/scene';

/** New animals are this share of the canvas's shorter side tall. */
export const ANIMAL_HEIGHT_SHARE = 0.3;

// When no side-by-side place is free, new entities cascade out from the centre by this much (down-right first).
const CASCADE_STEP = 24;
const MAX_TRIES = 24;
// Points at x or y <= 0 are hidden when the pose is saved (ControlNet's JSON), so new ones keep clear of the edges.
const MARGIN = 2;
const CASCADE_DIRECTIONS = [
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/**
 * Where to move an entity drawn in `box` so that its centre is on no other entity's centre and
 * the whole box stays on the canvas: beside the centre first (0, +1, -1, +2, -2 widths…), then
 * cascading from the centre, so a new person or animal is never hidden or placed off-canvas.
 */
export function freeOffset(scene: Scene, box: Box | null): Vec2 {
  if (!box) return { x: 0, y: 0 };
  const { canvas_width: w, canvas_height: h } = scene.pose;
  const taken = listEntities(scene).flatMap((r) => {
    const b = entityBox(scene, r);
    return b ? [boxCentre(b)] : [];
  });
  const centre = boxCentre(box);
  const [halfW, halfH] = [(box.maxX - box.minX) / 2, (box.maxY - box.minY) / 2];
  const step = Math.max(halfW * 2, CASCADE_STEP);
  const fits = (c: Vec2) => c.x - halfW >= MARGIN && c.x + halfW <= w - MARGIN && c.y - halfH >= MARGIN && c.y + halfH <= h - MARGIN;
  const clearOf = (radius: number) => (c: Vec2) => fits(c) && !taken.some((t) => Math.hypot(t.x - c.x, t.y - c.y) < radius);
  // Beside the centre, pulled in from the edges: on a narrow canvas neighbours overlap rather than leave it.
  const inside = (x: number) => Math.min(Math.max(x, halfW + MARGIN), w - halfW - MARGIN);
  const sideBySide = Array.from({ length: MAX_TRIES }, (_, i) => ({ x: inside(w / 2 + (i % 2 === 0 ? 1 : -1) * Math.ceil(i / 2) * step), y: h / 2 }));
  const cascade = Array.from({ length: MAX_TRIES }, (_, i) => i + 1).flatMap((k) =>
    CASCADE_DIRECTIONS.map(([sx, sy]) => ({ x: w / 2 + sx * k * CASCADE_STEP, y: h / 2 + sy * k * CASCADE_STEP })),
  );
  const spot = sideBySide.find(clearOf(Math.min(step, halfH * 2) / 2)) ?? cascade.find(clearOf(CASCADE_STEP / 2)) ?? { x: w / 2, y: h / 2 };
  return { x: spot.x - centre.x, y: spot.y - centre.y };
}

// Sizes a new figure may shrink to, to fit into free space beside the others (never below half).
const FIT_SCALES = [1, 0.9, 0.8, 0.7, 0.6, 0.5];
// Pixels between the places tried for a new figure.
const PLACE_STEP = 4;

const overlaps = (a: Box, b: Box) => a.minX < b.maxX + MARGIN && b.minX < a.maxX + MARGIN && a.minY < b.maxY + MARGIN && b.minY < a.maxY + MARGIN;

/**
 * Where a new figure drawn in `box` goes: the place nearest the canvas's centre where its box lies
 * on the canvas and overlaps no other figure's, at its own size or shrunk (about its centre, to no
 * less than half) to fit the free space; with no free space at all, beside the others as freeOffset
 * places it, at its own size.
 */
export function newFigurePlace(scene: Scene, box: Box | null): { offset: Vec2; scale: number } {
  if (!box) return { offset: { x: 0, y: 0 }, scale: 1 };
  const { canvas_width: w, canvas_height: h } = scene.pose;
  const others = listEntities(scene).flatMap((r) => entityBox(scene, r) ?? []);
  const centre = boxCentre(box);
  for (const scale of FIT_SCALES) {
    const [halfW, halfH] = [((box.maxX - box.minX) / 2) * scale, ((box.maxY - box.minY) / 2) * scale];
    const free: Vec2[] = [];
    // Places on a grid through the canvas's centre, so an empty canvas puts it exactly there.
    for (let i = -Math.floor(w / 2 / PLACE_STEP); i <= w / 2 / PLACE_STEP; i++)
      for (let j = -Math.floor(h / 2 / PLACE_STEP); j <= h / 2 / PLACE_STEP; j++) {
        const [x, y] = [w / 2 + i * PLACE_STEP, h / 2 + j * PLACE_STEP];
        const at = { minX: x - halfW, minY: y - halfH, maxX: x + halfW, maxY: y + halfH };
        const onCanvas = at.minX >= MARGIN && at.minY >= MARGIN && at.maxX <= w - MARGIN && at.maxY <= h - MARGIN;
        if (onCanvas && !others.some((o) => overlaps(o, at))) free.push({ x, y });
      }
    const best = free.sort((a, b) => Math.hypot(a.x - w / 2, a.y - h / 2) - Math.hypot(b.x - w / 2, b.y - h / 2))[0];
    if (best) return { offset: { x: best.x - centre.x, y: best.y - centre.y }, scale };
  }
  return { offset: freeOffset(scene, box), scale: 1 };
}

/** How a pose from elsewhere (a file, the library, a photo) joins the document: in place of its figures, or beside them. */
export type PoseMerge = 'replace' | 'add';

/**
 * The scene with a pose from elsewhere added beside its figures: the pose scaled to fit the scene's
 * canvas (never stretched), then moved as one group to a free place, its figures new ones (fresh
 * ids) that keep their names. Returns the refs of the added figures too.
 */
export function addPoseBeside(scene: Scene, pose: PoseDocument): { scene: Scene; added: EntityRef[] } {
  const fitted = refitDocument(pose, scene.pose.canvas_width, scene.pose.canvas_height, 'fit');
  const box = unionBox([...fitted.people.map(personBoundingBox), ...fitted.animals.map(animalBoundingBox)]);
  const { x, y } = freeOffset(scene, box);
  return appendEntities(
    scene,
    fitted.people.map((p) => translatePerson(p, x, y)),
    fitted.animals.map((a) => translateAnimal(a, x, y)),
  );
}
