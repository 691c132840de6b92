import type Konva from 'konva';
import type { Vec2 } from '../pose';
import { fitView, panBy, zoomAt, type View } from './view';

interface Size {
  width: number;
  height: number;
}

/** Zoom step of the zoom in / out commands. */
export const ZOOM_STEP = 1.25;

/** Owns the stage transform (zoom and pan) and applies it to Konva directly, never through React. */
export class ViewController {
  private view: View = { scale: 1, x: 0, y: 0 };
  private stage: Konva.Stage | null = null;
  private container: HTMLElement | null = null;
  private canvas: Size = { width: 1, height: 1 };
  private size: Size = { width: 1, height: 1 };
  private readonly listeners = new Set<() => void>();

  /** The current transform. */
  get current(): View {
    return this.view;
  }

  /** Connects the Konva stage and its container (which carries the transform as data attributes). */
  attach(stage: Konva.Stage | null, container: HTMLElement | null): void {
    this.stage = stage;
    this.container = container;
    this.apply();
  }

  /** Sets the canvas and stage sizes; the view is fitted again when either changes. */
  setFrame(canvas: Size, size: Size): void {
    const same = (a: Size, b: Size) => a.width === b.width && a.height === b.height;
    if (same(canvas, this.canvas) && same(size, this.size)) return;
    this.canvas = canvas;
    this.size = size;
    this.fit();
  }

  /** Shows the whole canvas (zoom reset). */
  fit(): void {
    this.set(fitView(this.canvas, this.size));
  }

  /** Zooms by a factor about a stage point (default: the stage centre). */
  zoom(factor: number, at: Vec2 = { x: this.size.width / 2, y: this.size.height / 2 }): void {
    this.set(zoomAt(this.view, factor, at));
  }

  /** Pans by a screen delta. */
  pan(dx: number, dy: number): void {
    this.set(panBy(this.view, dx, dy));
  }

  /** Calls back after every change (the zoom label). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(view: View): void {
    this.view = view;
    this.apply();
    this.listeners.forEach((l) => l());
  }

  private apply(): void {
    const { scale, x, y } = this.view;
    if (this.stage) {
      this.stage.scale({ x: scale, y: scale });
      this.stage.position({ x, y });
      this.stage.batchDraw();
    }
    // Read by end-to-end tests and the bench to map document points to the screen.
    if (this.container) this.container.dataset.view = `${scale} ${x} ${y}`;
  }
}
