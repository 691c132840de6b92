// Which keypoints of a document show in its OpenPose drawing. Each primitive ControlNet draws
// (limb ellipses, joint dots, hand edges, hand dots, face dots, person after person) is replayed
// in order, keeping for every pixel the primitive on top and the colour it covered. A keypoint
// shows when at least one pixel of the final image would differ had its dot not been drawn: a dot
// wholly under later drawing, or lying on an earlier dot of the same colour, shows nothing.
import {
  BODY_COLOURS,
  BODY_LIMB_COLOURS,
  BODY_LIMBS,
  FACE_POINT_COLOUR,
  HAND_EDGE_COLOURS,
  HAND_EDGES,
  HAND_POINT_COLOUR,
  stickWidthFor,
} from '../../../src/pose/index.js';
import type { Keypoint, PoseDocument, Rgb } from '../../../src/pose/index.js';
import { fillCircle } from '../../../src/pose/render/circle.js';
import { drawLimb } from '../../../src/pose/render/drawBody.js';
import { projectionFor, type Projection } from '../../../src/pose/render/projection.js';
import type { Raster } from '../../../src/pose/render/raster.js';
import { thickLine } from '../../../src/pose/render/thickLine.js';

/** A keypoint's address: person index, part and point index, e.g. "0:body:4". */
export const dotKey = (person: number, part: string, index: number): string => `${person}:${part}:${index}`;

interface Primitive {
  key?: string;
  colour: Rgb;
  box: [number, number, number, number];
  draw: (r: Raster) => void;
}

const pack = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];

function primitives(doc: PoseDocument, p: Projection): Primitive[] {
  const stick = stickWidthFor('sd15', p.width, p.height);
  const out: Primitive[] = [];
  const dot = (key: string, x: number, y: number, radius: number, colour: Rgb) =>
    out.push({ key, colour, box: [x - radius, y - radius, x + radius, y + radius], draw: (r) => fillCircle(r, x, y, radius, colour) });
  // Hands and face skip points whose truncated pixel is not above 0.01, as ControlNet does.
  const handPixel = (k: Keypoint | undefined) => {
    if (!k?.visible) return null;
    const [x, y] = [Math.trunc(p.personX(k.x)), Math.trunc(p.personY(k.y))];
    return x > 0.01 && y > 0.01 ? { x, y } : null;
  };
  doc.people.forEach((person, n) => {
    BODY_LIMBS.forEach(([a, b], i) => {
      const [k1, k2] = [person.body[a], person.body[b]];
      if (!k1?.visible || !k2?.visible) return;
      const xs = [p.personX(k1.x), p.personX(k2.x)];
      const ys = [p.personY(k1.y), p.personY(k2.y)];
      const colour = BODY_LIMB_COLOURS[i] ?? [0, 0, 0];
      const m = stick + 2;
      out.push({
        colour,
        box: [Math.min(...xs) - m, Math.min(...ys) - m, Math.max(...xs) + m, Math.max(...ys) + m],
        draw: (r) => drawLimb(r, k1, k2, p, stick, colour),
      });
    });
    person.body.forEach((k, i) => {
      if (k.visible) dot(dotKey(n, 'body', i), Math.trunc(p.personX(k.x)), Math.trunc(p.personY(k.y)), 4, BODY_COLOURS[i] ?? [0, 0, 0]);
    });
    for (const side of ['leftHand', 'rightHand'] as const) {
      const hand = person[side];
      if (!hand) continue;
      HAND_EDGES.forEach(([a, b], i) => {
        const [k1, k2] = [handPixel(hand[a]), handPixel(hand[b])];
        const colour = HAND_EDGE_COLOURS[i] ?? [0, 0, 0];
        if (k1 && k2)
          out.push({
            colour,
            box: [Math.min(k1.x, k2.x) - 3, Math.min(k1.y, k2.y) - 3, Math.max(k1.x, k2.x) + 3, Math.max(k1.y, k2.y) + 3],
            draw: (r) => thickLine(r, k1.x, k1.y, k2.x, k2.y, 2, colour),
          });
      });
      hand.forEach((k, i) => {
        const at = handPixel(k);
        if (at) dot(dotKey(n, side, i), at.x, at.y, 4, HAND_POINT_COLOUR);
      });
    }
    person.face?.forEach((k, i) => {
      const at = handPixel(k);
      if (at) dot(dotKey(n, 'face', i), at.x, at.y, 3, FACE_POINT_COLOUR);
    });
  });
  return out;
}

/** The replayed drawing (packed RGB per pixel) and the keys (dotKey) of the keypoints whose dots show in it. */
export function showingDots(doc: PoseDocument, width: number, height: number): { image: Int32Array; shows: Set<string> } {
  const scratch: Raster = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  const colour = new Int32Array(width * height);
  const covered = new Int32Array(width * height);
  const top = new Int32Array(width * height).fill(-1);
  const prims = primitives(doc, projectionFor(doc, width, height));
  // No primitive is black, so a non-black scratch pixel is one the primitive drew.
  prims.forEach((prim, id) => {
    prim.draw(scratch);
    const [x0, y0, x1, y1] = prim.box.map(Math.floor) as [number, number, number, number];
    for (let y = Math.max(0, y0); y <= Math.min(height - 1, y1 + 1); y++) {
      for (let x = Math.max(0, x0); x <= Math.min(width - 1, x1 + 1); x++) {
        const i = y * width + x;
        const d = scratch.data;
        if ((d[i * 4] ?? 0) + (d[i * 4 + 1] ?? 0) + (d[i * 4 + 2] ?? 0) === 0) continue;
        scratch.data.fill(0, i * 4, i * 4 + 4);
        covered[i] = colour[i] ?? 0;
        colour[i] = pack(prim.colour);
        top[i] = id;
      }
    }
  });
  const shows = new Set<string>();
  top.forEach((id, i) => {
    const prim = id >= 0 ? prims[id] : undefined;
    if (prim?.key && covered[i] !== pack(prim.colour)) shows.add(prim.key);
  });
  return { image: colour, shows };
}
