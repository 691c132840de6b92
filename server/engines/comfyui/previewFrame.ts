/** A preview image ComfyUI sent during sampling. */
export interface PreviewFrame {
  mime: 'image/jpeg' | 'image/png';
  bytes: Buffer;
  /** The prompt it belongs to, when ComfyUI said (PREVIEW_IMAGE_WITH_METADATA); null for the legacy frame. */
  promptId: string | null;
}

/** ComfyUI server.py BinaryEventTypes: PREVIEW_IMAGE = 1, PREVIEW_IMAGE_WITH_METADATA = 4. */
const PREVIEW_IMAGE = 1;
const PREVIEW_IMAGE_WITH_METADATA = 4;

function mimeOf(bytes: Buffer): PreviewFrame['mime'] | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  return null;
}

/**
 * Reads one binary message of ComfyUI's socket: a 4-byte big-endian event type, then for
 * PREVIEW_IMAGE a 4-byte image type (1 JPEG, 2 PNG) and the image (server.py send_image), for
 * PREVIEW_IMAGE_WITH_METADATA a 4-byte length, that much JSON metadata (with prompt_id) and the
 * image. The image's own first bytes say JPEG or PNG. Anything else (text frames…) gives null.
 */
export function parsePreviewFrame(data: Buffer): PreviewFrame | null {
  if (data.length < 8) return null;
  const event = data.readUInt32BE(0);
  let start = 8;
  let promptId: string | null = null;
  if (event === PREVIEW_IMAGE_WITH_METADATA) {
    start = 8 + data.readUInt32BE(4);
    if (start > data.length) return null;
    try {
      const metadata = JSON.parse(data.subarray(8, start).toString('utf8')) as { prompt_id?: unknown };
      promptId = typeof metadata.prompt_id === 'string' ? metadata.prompt_id : null;
    } catch {
      return null;
    }
  } else if (event !== PREVIEW_IMAGE) return null;
  const bytes = data.subarray(start);
  const mime = mimeOf(bytes);
  return mime ? { mime, bytes, promptId } : null;
}
