/** A mutable integer segment, in pixels or in 16.16 fixed point. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const outCode = (x: bigint, y: bigint, right: bigint, bottom: bigint): number =>
  (x < 0n ? 1 : 0) + (x > right ? 2 : 0) + (y < 0n ? 4 : 0) + (y > bottom ? 8 : 0);

/**
 * cv2.clipLine: clips the segment to [0,width) x [0,height) in place and says whether any of it
 * is inside. BigInt because cv2 multiplies int64 fixed-point values here; only runs for lines
 * that leave the canvas.
 */
export function clipLine(width: number, height: number, s: Segment): boolean {
  if (width <= 0 || height <= 0) return false;
  const right = BigInt(width) - 1n;
  const bottom = BigInt(height) - 1n;
  let [x1, y1, x2, y2] = [BigInt(s.x1), BigInt(s.y1), BigInt(s.x2), BigInt(s.y2)];
  let c1 = outCode(x1, y1, right, bottom);
  let c2 = outCode(x2, y2, right, bottom);

  if ((c1 & c2) === 0 && (c1 | c2) !== 0) {
    if (c1 & 12) {
      const a = c1 < 8 ? 0n : bottom;
      x1 += ((a - y1) * (x2 - x1)) / (y2 - y1);
      y1 = a;
      c1 = (x1 < 0n ? 1 : 0) + (x1 > right ? 2 : 0);
    }
    if (c2 & 12) {
      const a = c2 < 8 ? 0n : bottom;
      x2 += ((a - y2) * (x2 - x1)) / (y2 - y1);
      y2 = a;
      c2 = (x2 < 0n ? 1 : 0) + (x2 > right ? 2 : 0);
    }
    if ((c1 & c2) === 0 && (c1 | c2) !== 0) {
      if (c1) {
        const a = c1 === 1 ? 0n : right;
        y1 += ((a - x1) * (y2 - y1)) / (x2 - x1);
        x1 = a;
        c1 = 0;
      }
      if (c2) {
        const a = c2 === 1 ? 0n : right;
        y2 += ((a - x2) * (y2 - y1)) / (x2 - x1);
        x2 = a;
        c2 = 0;
      }
    }
  }
  [s.x1, s.y1, s.x2, s.y2] = [Number(x1), Number(y1), Number(x2), Number(y2)];
  return (c1 | c2) === 0;
}
