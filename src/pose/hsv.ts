import type { Rgb } from './types.js';

/** Rounds half to even, as OpenCV's cvRound does when it turns a double colour or coordinate into an int. */
export function roundHalfEven(value: number): number {
  const rounded = Math.round(value);
  return rounded - value === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
}

// matplotlib's hsv_to_rgb times 255, then cv2's saturate_cast: the float steps matter
// (76.50000000000001 becomes 77), so they are taken in the same order.
/** HSV (each 0..1) to 8-bit RGB exactly as ControlNet computes its hand edge colours. */
export function hsvToRgb255(h: number, s: number, v: number): Rgb {
  const sector = Math.trunc(h * 6.0);
  const f = h * 6.0 - sector;
  const p = v * (1.0 - s);
  const q = v * (1.0 - s * f);
  const t = v * (1.0 - s * (1.0 - f));
  const table: ReadonlyArray<readonly [number, number, number]> = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ];
  const rgb = s === 0 ? [v, v, v] : (table[sector % 6] ?? [v, t, p]);
  const to8 = (c: number | undefined): number => Math.min(255, Math.max(0, roundHalfEven((c ?? 0) * 255)));
  return [to8(rgb[0]), to8(rgb[1]), to8(rgb[2])];
}
