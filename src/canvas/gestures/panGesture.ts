import type { Vec2 } from '../../pose';
import type { ViewController } from '../viewController';
import { pinchOf, pinchStep, type Pinch } from './pinch';

type PanState = { kind: 'drag'; pointerId: number; last: Vec2 } | { kind: 'pinch'; ids: [number, number]; last: Pinch };

/** Pans with one pointer (space-drag, middle button) or pans and zooms with two fingers. */
export class PanGesture {
  private state: PanState | null = null;

  constructor(private readonly view: ViewController) {}

  /** Whether a pan or pinch is in progress. */
  get active(): boolean {
    return this.state !== null;
  }

  /** Starts panning with one pointer. */
  startDrag(pointerId: number, at: Vec2): void {
    this.state = { kind: 'drag', pointerId, last: at };
  }

  /** Starts a two-finger pinch. */
  startPinch(a: [number, Vec2], b: [number, Vec2]): void {
    this.state = { kind: 'pinch', ids: [a[0], b[0]], last: pinchOf(a[1], b[1]) };
  }

  /** Follows a pointer move; `pointers` holds every pointer's latest position. */
  move(pointerId: number, pointers: ReadonlyMap<number, Vec2>): void {
    const s = this.state;
    if (s?.kind === 'drag' && s.pointerId === pointerId) {
      const p = pointers.get(pointerId)!;
      this.view.pan(p.x - s.last.x, p.y - s.last.y);
      s.last = p;
    } else if (s?.kind === 'pinch') {
      const [a, b] = [pointers.get(s.ids[0]), pointers.get(s.ids[1])];
      if (!a || !b) return;
      const next = pinchOf(a, b);
      const step = pinchStep(s.last, next);
      // Zoom about where the fingers were, then follow their midpoint: the pinched spot stays under them.
      this.view.zoom(step.factor, s.last.mid);
      this.view.pan(step.dx, step.dy);
      s.last = next;
    }
  }

  /** Handles a pointer lifting; returns true when the whole pan has ended. */
  release(pointerId: number, pointers: ReadonlyMap<number, Vec2>): boolean {
    const s = this.state;
    if (!s) return false;
    if (s.kind === 'pinch' && pointers.size === 1) {
      // One finger left after a pinch keeps panning, as in map apps.
      const [id, at] = [...pointers.entries()][0]!;
      this.state = { kind: 'drag', pointerId: id, last: at };
      return false;
    }
    if (pointers.size === 0 || (s.kind === 'drag' && s.pointerId === pointerId)) {
      this.state = null;
      return true;
    }
    return false;
  }
}
