import type Konva from 'konva';
import type { ActorRefFrom } from 'xstate';
import type { editorMachine } from '../../machines/editor.machine';
import type { Vec2 } from '../../pose';
import { hitTest } from '../hitTest';
import type { ShapeRegistry } from '../shapeRegistry';
import { toDoc } from '../view';
import type { ViewController } from '../viewController';
import { DragPreview } from './dragPreview';
import { Hover } from './hover';
import { PanGesture } from './panGesture';
import { wheelFactor } from './pinch';
import { boxFromCorners, isSelected } from '../../editor/model/selection';
import { canPush } from '../../editor/posing/push';

// Screen pixels of depth per pixel of wheel delta, and pixels per wheel line and page.
const WHEEL_PUSH = 0.1;
const WHEEL_LINE_PX = 40;
const WHEEL_PAGE_PX = 800;

/** What the controller drives. */
export interface PointerDeps {
  actor: ActorRefFrom<typeof editorMachine>;
  view: ViewController;
  registry: ShapeRegistry;
  container: HTMLElement;
  marquee(): Konva.Rect | null;
}

// Space types a space in a text field; everywhere else (a toolbar button just clicked included) it
// is the pan key, so holding it and dragging over a figure pans and never edits.
const NON_TEXT_INPUTS = /^(button|checkbox|radio|range|color|file|submit|reset|image)$/;
// An open dialog or menu keeps Space for its own buttons and items.
const keepsSpace = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    t.tagName === 'TEXTAREA' ||
    t.tagName === 'SELECT' ||
    (t instanceof HTMLInputElement && !NON_TEXT_INPUTS.test(t.type)) ||
    !!t.closest('[role="dialog"],[role="menu"]'));

/**
 * Turns pointer events on the stage (mouse, pen, touch alike) into editor machine events,
 * view changes and the imperative drag preview. Nothing here renders React.
 */
export class PointerController {
  private readonly pointers = new Map<number, Vec2>();
  private primary: number | null = null;
  private spaceHeld = false;
  private readonly pan: PanGesture;
  private readonly hover: Hover;
  /** The drag preview, reapplied by the stage after React moves shapes to the active layer. */
  readonly preview: DragPreview;

  constructor(private readonly deps: PointerDeps) {
    this.pan = new PanGesture(deps.view);
    this.hover = new Hover(deps.registry, deps.container);
    this.preview = new DragPreview(deps.registry, deps.container);
  }

  /** Starts listening; returns the function that stops. */
  attach(): () => void {
    const c = this.deps.container;
    const on: Array<[EventTarget, string, EventListener, AddEventListenerOptions?]> = [
      [c, 'pointerdown', this.down as EventListener],
      [c, 'pointermove', this.move as EventListener],
      [c, 'pointerup', ((e: PointerEvent) => this.release(e, false)) as EventListener],
      [c, 'pointercancel', ((e: PointerEvent) => this.release(e, true)) as EventListener],
      [c, 'pointerleave', () => this.primary === null && this.hover.clear()],
      [c, 'wheel', this.wheel as EventListener, { passive: false }],
      [window, 'keydown', this.key as EventListener],
      [window, 'keyup', this.key as EventListener],
      [window, 'blur', () => (this.spaceHeld = false)],
    ];
    on.forEach(([t, type, fn, opts]) => t.addEventListener(type, fn, opts));
    return () => on.forEach(([t, type, fn, opts]) => t.removeEventListener(type, fn, opts));
  }

  private local(e: MouseEvent): Vec2 {
    const r = this.deps.container.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private docPoint(screen: Vec2): Vec2 {
    return toDoc(this.deps.view.current, screen);
  }

  private down = (e: PointerEvent): void => {
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    this.deps.container.setPointerCapture?.(e.pointerId);
    this.deps.container.focus({ preventScroll: true });
    const { actor } = this.deps;
    if (e.pointerType === 'touch' && this.pointers.size === 2) {
      // A second finger turns whatever the first one started into a pinch; its press is dropped.
      this.endPress();
      actor.send({ type: 'PAN_START' });
      const [a, b] = [...this.pointers.entries()];
      this.pan.startPinch(a!, b!);
      return;
    }
    if (this.pointers.size > 1 || this.pan.active) return;
    if (e.button === 1 || (e.button === 0 && this.spaceHeld)) {
      e.preventDefault();
      actor.send({ type: 'PAN_START' });
      this.pan.startDrag(e.pointerId, p);
      this.hover.setCursor('grabbing');
      return;
    }
    if (e.button !== 0) return;
    this.primary = e.pointerId;
    this.hover.clear();
    const { scene, selection } = actor.getSnapshot().context;
    const point = this.docPoint(p);
    const target = hitTest(scene, selection, point, { zoom: this.deps.view.current.scale, coarse: e.pointerType !== 'mouse' });
    actor.send({ type: 'POINTER_DOWN', target, point, screen: p, shift: e.shiftKey, alt: e.altKey, depth: e.ctrlKey || e.metaKey });
  };

  private move = (e: PointerEvent): void => {
    const p = this.local(e);
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, p);
    if (this.pan.active) return this.pan.move(e.pointerId, this.pointers);
    if (e.pointerId === this.primary) return this.drag(p, e.shiftKey);
    if (this.primary === null && e.pointerType === 'mouse' && !this.spaceHeld) this.hoverAt(p);
  };

  private drag(p: Vec2, shift: boolean): void {
    const { actor } = this.deps;
    const point = this.docPoint(p);
    // Only a press still under the drag threshold needs the machine; a drag or marquee in progress is preview only.
    if (actor.getSnapshot().value === 'pointing') actor.send({ type: 'POINTER_MOVE', point, screen: p });
    const snap = actor.getSnapshot();
    if (snap.value === 'dragging') this.preview.update(snap.context, point, shift);
    else if (snap.value === 'brushing' && snap.context.gesture?.kind === 'marquee') this.showMarquee(snap.context.gesture.origin, point);
  }

  private hoverAt(p: Vec2): void {
    const snap = this.deps.actor.getSnapshot();
    if (snap.value !== 'idle') return;
    this.hover.show(
      hitTest(snap.context.scene, snap.context.selection, this.docPoint(p), { zoom: this.deps.view.current.scale, coarse: false }),
      snap.context.scene,
    );
  }

  private release(e: PointerEvent, cancelled: boolean): void {
    const p = this.local(e);
    this.pointers.delete(e.pointerId);
    if (this.pan.active) {
      if (this.pan.release(e.pointerId, this.pointers)) {
        this.deps.actor.send({ type: 'PAN_END' });
        this.hover.setCursor(this.spaceHeld ? 'grab' : 'default');
      }
      return;
    }
    if (e.pointerId !== this.primary) return;
    this.endPress();
    this.deps.actor.send(cancelled ? { type: 'CANCEL' } : { type: 'POINTER_UP', point: this.docPoint(p), shift: e.shiftKey });
  }

  private endPress(): void {
    this.primary = null;
    this.preview.clear();
    this.deps.marquee()?.visible(false);
  }

  private showMarquee(origin: Vec2, point: Vec2): void {
    const b = boxFromCorners(origin, point);
    const px = 1 / this.deps.view.current.scale;
    this.deps
      .marquee()
      ?.setAttrs({ x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY, strokeWidth: px, dash: [4 * px, 3 * px], visible: true });
  }

  private wheel = (e: WheelEvent): void => {
    e.preventDefault();
    if (e.altKey && this.pushWithWheel(e)) return;
    this.deps.view.zoom(wheelFactor(e.deltaY, e.deltaMode, e.ctrlKey), this.local(e));
  };

  // Alt+wheel over a joint of a selected person pushes it in depth (wheel up: toward the viewer); elsewhere it zooms.
  private pushWithWheel(e: WheelEvent): boolean {
    const snap = this.deps.actor.getSnapshot();
    if (snap.value !== 'idle') return false;
    const { scene, selection } = snap.context;
    const target = hitTest(scene, selection, this.docPoint(this.local(e)), { zoom: this.deps.view.current.scale, coarse: false });
    if (target.kind !== 'joint' || !isSelected(selection, target.joint.entity) || !canPush(scene, target.joint)) return false;
    const lines = e.deltaMode === 1 ? WHEEL_LINE_PX : e.deltaMode === 2 ? WHEEL_PAGE_PX : 1;
    this.deps.actor.send({ type: 'PUSH_JOINT', joint: target.joint, dz: (-e.deltaY * lines * WHEEL_PUSH) / this.deps.view.current.scale });
    return true;
  }

  private key = (e: KeyboardEvent): void => {
    if (e.key !== ' ' || keepsSpace(e.target)) return;
    e.preventDefault();
    this.spaceHeld = e.type === 'keydown';
    if (!this.pan.active) this.hover.setCursor(this.spaceHeld ? 'grab' : 'default');
  };
}
