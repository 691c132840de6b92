import { describe, expect, it } from 'vitest';
import { pinchOf, pinchStep, wheelFactor } from '../../../src/canvas/gestures/pinch';
import { fitView, MAX_SCALE, panBy, toDoc, toScreen, zoomAt } from '../../../src/canvas/view';

describe('view transform', () => {
  it('fits the canvas centred with padding', () => {
    const v = fitView({ width: 400, height: 600 }, { width: 1000, height: 648 }, 24);
    expect(v.scale).toBeCloseTo(1, 9);
    expect(toScreen(v, { x: 200, y: 300 })).toEqual({ x: 500, y: 324 });
  });

  it('zooms about a screen point, which keeps its document point', () => {
    const v = fitView({ width: 400, height: 600 }, { width: 800, height: 800 });
    const at = { x: 321, y: 123 };
    const doc = toDoc(v, at);
    const z = zoomAt(v, 2.5, at);
    expect(z.scale).toBeCloseTo(v.scale * 2.5, 9);
    const back = toScreen(z, doc);
    expect(back.x).toBeCloseTo(at.x, 9);
    expect(back.y).toBeCloseTo(at.y, 9);
    expect(zoomAt(v, 1e6, at).scale).toBe(MAX_SCALE);
  });

  it('pans by screen pixels and round-trips points', () => {
    const v = panBy({ scale: 2, x: 10, y: 20 }, 5, -5);
    expect(v).toEqual({ scale: 2, x: 15, y: 15 });
    expect(toDoc(v, toScreen(v, { x: 3, y: 4 }))).toEqual({ x: 3, y: 4 });
  });

  it('turns pinches and wheels into zoom factors', () => {
    const step = pinchStep(pinchOf({ x: 0, y: 0 }, { x: 100, y: 0 }), pinchOf({ x: 10, y: 10 }, { x: 210, y: 10 }));
    expect(step).toEqual({ factor: 2, dx: 60, dy: 10 });
    expect(wheelFactor(-100, 0, false)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0, false)).toBeLessThan(1);
    expect(wheelFactor(3, 1, false)).toBeCloseTo(wheelFactor(48, 0, false), 12);
  });
});
