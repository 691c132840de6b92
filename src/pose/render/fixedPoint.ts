/** cv2 draws thick lines and their polygons in 16.16 fixed point. */
export const XY_SHIFT = 16;

/** One pixel in 16.16 fixed point. */
export const XY_ONE = 1 << XY_SHIFT;

/** Arithmetic right shift of a (possibly > 32-bit) integer: C's int64 `>>`, i.e. floor division. */
export function shr(value: number, bits: number): number {
  return Math.floor(value / 2 ** bits);
}

/** C integer division, truncating toward zero. */
export function idiv(numerator: number, denominator: number): number {
  return Math.trunc(numerator / denominator);
}
