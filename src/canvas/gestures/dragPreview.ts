import type { Vec2 } from '../../pose';
import type { EditorContext } from '../../machines/editor.machine';
import { applyGesture, gestureEntities } from '../../editor/model/gesture';
import { getEntity, shapeKey, type Scene } from '../../editor/model/scene';
import { sceneTurn } from '../../editor/posing/turn';
import type { ShapeRegistry } from '../shapeRegistry';

/**
 * Shows a drag in progress by setting the dragged shapes' `entity` attr (Konva then batches one
 * redraw of their layer per frame). The machine is told only on release, through the same
 * applyGesture, so the preview and the committed result are the same pose. A turn in progress is
 * also written on the stage's element (`data-live-turn`: yaw and pitch), for the Turn fields to follow without a render.
 */
export class DragPreview {
  private live: { scene: Scene; context: EditorContext } | null = null;

  constructor(
    private readonly registry: ShapeRegistry,
    private readonly container: HTMLElement,
  ) {}

  /** Recomputes the dragged entities for the pointer at `point` and pushes them to their shapes. */
  update(context: EditorContext, point: Vec2, snap: boolean): void {
    if (!context.gesture) return;
    const scene = applyGesture(context.scene, context.gesture, point, { symmetry: context.symmetry, snap });
    this.live = { scene, context };
    this.reapply();
    if (context.gesture.kind === 'turn') {
      const { yaw, pitch } = sceneTurn(scene, context.gesture.person);
      const shown = `${yaw} ${pitch}`;
      if (this.container.dataset.liveTurn !== shown) this.container.dataset.liveTurn = shown;
    }
  }

  /** Pushes the last preview again (after React has moved the shapes to the active layer). */
  reapply(): void {
    if (!this.live?.context.gesture) return;
    for (const ref of gestureEntities(this.live.context.gesture)) {
      const shape = this.registry.get(shapeKey(this.live.context.scene, ref));
      const entity = getEntity(this.live.scene, ref);
      // A move that changes nothing (a turn within the same degree) asks for no redraw.
      if (shape && shape.getAttr('entity') !== entity) shape.setAttr('entity', entity);
    }
  }

  /** Forgets the preview; the shapes get their committed (or original) pose from React. */
  clear(): void {
    this.live = null;
    delete this.container.dataset.liveTurn;
  }
}
