import { boxCentre, type Vec2 } from '../../pose';
import { entityBox, listEntities, type Scene } from '../model/scene';

/** New animals are this share of the canvas's shorter side tall. */
export const ANIMAL_HEIGHT_SHARE = 0.3;

/** A centre near the canvas centre that no entity is already centred on, so a new one is not hidden behind another. */
export function freeCentre(scene: Scene, step: number): Vec2 {
  const { canvas_width: w, canvas_height: h } = scene.pose;
  const taken = listEntities(scene).flatMap((r) => {
    const box = entityBox(scene, r);
    return box ? [boxCentre(box)] : [];
  });
  for (let i = 0; i < 24; i++) {
    // Alternate right and left of the centre: 0, +1, -1, +2, -2…
    const offset = (i % 2 === 0 ? 1 : -1) * Math.ceil(i / 2) * step;
    const candidate = { x: w / 2 + offset, y: h / 2 };
    if (!taken.some((c) => Math.hypot(c.x - candidate.x, c.y - candidate.y) < step / 2)) return candidate;
  }
  return { x: w / 2, y: h / 2 };
}
