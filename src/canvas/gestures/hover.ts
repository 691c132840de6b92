import type { HitTarget } from '../../editor/model/hitTarget';
import { entityKey, shapeKey, type Scene } from '../../editor/model/scene';
import type { ShapeRegistry } from '../shapeRegistry';

const CURSORS: Record<HitTarget['kind'], string> = { handle: 'grab', joint: 'pointer', entity: 'move', bone: 'grab', none: 'default' };

/** Highlights the joint under the mouse and sets the cursor, straight on the Konva shape. */
export class Hover {
  private key: string | null = null;
  private mark = '';

  constructor(
    private readonly registry: ShapeRegistry,
    private readonly container: HTMLElement,
  ) {}

  /** Shows what the pointer is over (in the scene the hit was tested on). */
  show(target: HitTarget, scene: Scene): void {
    const mark = target.kind === 'joint' ? `${entityKey(target.joint.entity)}/${target.joint.part}/${target.joint.index}` : target.kind;
    // Mouse moves within one joint's reach change nothing: skip the redraw.
    if (mark === this.mark) return;
    this.mark = mark;
    // Read by the status line, which says what a drag from here would do.
    this.container.dataset.hover = target.kind === 'handle' ? target.handle : target.kind;
    const next = target.kind === 'joint' ? shapeKey(scene, target.joint.entity) : null;
    if (this.key && this.key !== next) this.registry.get(this.key)?.setAttr('hover', null);
    if (target.kind === 'joint') this.registry.get(next!)?.setAttr('hover', { part: target.joint.part, index: target.joint.index });
    this.key = next;
    const cursor =
      target.kind === 'handle' && target.handle === 'scale'
        ? 'nwse-resize'
        : target.kind === 'handle' && target.handle === 'turn'
          ? 'move'
          : CURSORS[target.kind];
    this.setCursor(cursor);
  }

  /** Removes the highlight. */
  clear(): void {
    if (this.key) this.registry.get(this.key)?.setAttr('hover', null);
    this.key = null;
    this.mark = '';
    delete this.container.dataset.hover;
  }

  /** Sets the stage cursor. */
  setCursor(cursor: string): void {
    if (this.container.style.cursor !== cursor) this.container.style.cursor = cursor;
  }
}
