// Reads back what a WebM file holds, enough to check a video: its frame size and how many frames
// (SimpleBlocks) it has. EBML is a tree of (id, size, data) elements; ids and sizes are
// variable-length integers.

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const CONTAINERS = new Set([SEGMENT, CLUSTER, TRACKS, TRACK_ENTRY, VIDEO, BLOCK_GROUP]);

function varInt(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

/** The frame size and frame count of a WebM file. */
export function readWebm(bytes: Uint8Array): { width: number; height: number; frames: number } {
  const found = { width: 0, height: 0, frames: 0 };
  const walk = (from: number, to: number) => {
    let at = from;
    while (at < to) {
      const id = varInt(bytes, at, true);
      const size = varInt(bytes, at + id.length, false);
      const start = at + id.length + size.length;
      // An unknown size (all ones) runs to the end of the parent.
      const unknown = size.value === 2 ** (7 * size.length) - 1;
      const end = unknown ? to : Math.min(to, start + size.value);
      if (CONTAINERS.has(id.value)) walk(start, end);
      else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) found.frames++;
      else if (id.value === PIXEL_WIDTH || id.value === PIXEL_HEIGHT) {
        let n = 0;
        for (let i = start; i < end; i++) n = n * 256 + bytes[i]!;
        found[id.value === PIXEL_WIDTH ? 'width' : 'height'] = n;
      }
      at = end;
    }
  };
  walk(0, bytes.length);
  return found;
}
