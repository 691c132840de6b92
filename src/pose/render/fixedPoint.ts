/** cv2 draws thick lines and their polygons in 16.16 fixed point. */
export const XY_SHIFT = 16;

/** One pixel in 16.16 fixed point. */
export const XY_ONE = 1 << XY_SHIFT;

// 2^-bits is exact in a double, so multiplying by it divides exactly (and faster than `/ 2 ** bits`).
const INVERSE_POWERS = Array.from({ length: 64 }, (_, bits) => 2 ** -bits);

/** Arithmetic right shift of a (possibly > 32-bit) integer: C's int64 `>>`, i.e. floor division. */
export function shr(value: number, bits: number): number {
  return Math.floor(value * (INVERSE_POWERS[bits] ?? 2 ** -bits));
}

/** C integer division, truncating toward zero. */
export function idiv(numerator: number, denominator: number): number {
  return Math.trunc(numerator / denominator);
}
