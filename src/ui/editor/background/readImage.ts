/** Longest side a reference image is kept at: enough to trace over, small enough for local storage. */
export const MAX_REFERENCE_SIDE = 1600;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('not an image this browser can read'));
    img.src = src;
  });
}

/** Reads an image file as a data URL, shrunk (as JPEG) when larger than MAX_REFERENCE_SIDE so it can be kept across reloads. */
export async function readReferenceImage(file: File): Promise<string> {
  return shrinkReference(await readAsDataUrl(file));
}

/** A file's bytes as a data: URL (a reference image, a photo to estimate). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** An image data URL, shrunk (as JPEG) when larger than MAX_REFERENCE_SIDE so it can be kept across reloads. */
export async function shrinkReference(original: string): Promise<string> {
  const img = await loadImage(original);
  const scale = MAX_REFERENCE_SIDE / Math.max(img.naturalWidth, img.naturalHeight);
  if (scale >= 1) return original;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.88);
}
