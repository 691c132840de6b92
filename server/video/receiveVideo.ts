import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { makeScratchFolder } from './scratchFolders.js';
import { checkVideoHead, videoTooLarge } from './videoChecks.js';

/** An uploaded video on disk, in its own scratch folder. */
export interface ReceivedVideo {
  folder: string;
  file: string;
}

/** Bytes read from the start of the file to tell its container. */
const HEAD_BYTES = 16;

/** Passes chunks on while they stay within maxBytes; past it, fails with the 413 (the rest is never read). */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? videoTooLarge(null, maxBytes) : null, chunk);
    },
  });
}

/**
 * Writes an upload's body to a new scratch folder as it arrives (it is never held in memory whole),
 * refusing it past maxBytes, empty, or when its first bytes are not MP4 or WebM; the folder is
 * removed on any refusal.
 */
export async function receiveVideo(body: Readable, maxBytes: number): Promise<ReceivedVideo> {
  const folder = await makeScratchFolder('posecraft-video-');
  try {
    const upload = path.join(folder, 'upload');
    await pipeline(body, byteLimit(maxBytes), fs.createWriteStream(upload));
    const handle = await fsp.open(upload, 'r');
    const head = Buffer.alloc(HEAD_BYTES);
    const [{ bytesRead }, { size }] = await Promise.all([handle.read(head, 0, HEAD_BYTES, 0), handle.stat()]).finally(() => handle.close());
    const file = path.join(folder, `input.${checkVideoHead(head.subarray(0, bytesRead), size)}`);
    await fsp.rename(upload, file);
    return { folder, file };
  } catch (error) {
    await fsp.rm(folder, { recursive: true, force: true });
    throw error;
  }
}
