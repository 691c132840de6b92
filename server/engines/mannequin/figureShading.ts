import type { BodySurface, Raster, Rgb, Vec2 } from '../../../src/pose/index.js';

/** The surface and light every figure of one image is drawn with. */
export interface Look {
  material: Rgb;
  /** Unit vector toward the light in the image plane (y down); the light also stands in front of the figures. */
  light: Vec2;
}

// Lambert with an ambient floor and a soft highlight: a matte, lightly varnished mannequin.
const AMBIENT = 0.32;
const DIFFUSE = 0.68;
const SPECULAR = 0.22;
const SHININESS = 24;
// The farthest parts are a little darker, so overlapping limbs read apart.
const DEPTH_SHADE = 0.15;
// A dark line where the surface steps back by more than this (output pixels) from a neighbour.
const EDGE_STEP = 3;
const EDGE_SHADE = 0.55;

function unit(x: number, y: number, z: number): [number, number, number] {
  const n = Math.hypot(x, y, z) || 1;
  return [x / n, y / n, z / n];
}

// Whether pixel i stands in front of a neighbour by more than EDGE_STEP, or borders the backdrop.
function onEdge(surface: BodySurface, i: number, x: number, y: number): boolean {
  const { depth, width, height } = surface;
  const z = depth[i] as number;
  const left = x > 0 ? (depth[i - 1] as number) : -Infinity;
  const right = x < width - 1 ? (depth[i + 1] as number) : -Infinity;
  const up = y > 0 ? (depth[i - width] as number) : -Infinity;
  const down = y < height - 1 ? (depth[i + width] as number) : -Infinity;
  return z - Math.min(left, right, up, down) > EDGE_STEP;
}

/**
 * Paints every body pixel of the surface over the image (the studio): the material lit from the
 * look's light by the surface normal, darker with distance, with a line along silhouettes. Pixels
 * with no body keep the studio, so the figure is exactly the depth map's body pixels.
 */
export function paintFigures(surface: BodySurface, image: Raster, look: Look): void {
  // Read `data` once: on @napi-rs/canvas ImageData it is a native getter.
  const { data } = image;
  const { depth, normal, width, height, near, far } = surface;
  const [lx, ly, lz] = unit(look.light.x, look.light.y, 1.2);
  const [hx, hy, hz] = unit(lx, ly, lz + 1);
  const range = near - far;
  const [mr, mg, mb] = look.material;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const z = depth[i] as number;
      if (z === -Infinity) continue;
      const [nx, ny, nz] = [normal[i * 3] as number, normal[i * 3 + 1] as number, normal[i * 3 + 2] as number];
      const lambert = Math.max(0, nx * lx + ny * ly + nz * lz);
      const gloss = SPECULAR * 255 * Math.max(0, nx * hx + ny * hy + nz * hz) ** SHININESS;
      const distance = range > 0 ? (near - z) / range : 0;
      const shade = (AMBIENT + DIFFUSE * lambert) * (1 - DEPTH_SHADE * distance) * (onEdge(surface, i, x, y) ? EDGE_SHADE : 1);
      const o = i * 4;
      data[o] = Math.min(255, mr * shade + gloss);
      data[o + 1] = Math.min(255, mg * shade + gloss);
      data[o + 2] = Math.min(255, mb * shade + gloss);
      data[o + 3] = 255;
    }
  }
}
