/** Image size presets of docs/specification.md section 9. */

export type SizeName = 'small' | 'medium' | 'large';
export type AspectId = '2:3' | '1:1' | '16:9';
export type PresetId = AspectId | 'more';

export interface Size {
  width: number;
  height: number;
}

/** The aspect-ratio presets, each with its Small, Medium and Large size. */
export const ASPECT_PRESETS: Record<AspectId, Record<SizeName, Size>> = {
  '2:3': { small: { width: 400, height: 600 }, medium: { width: 600, height: 900 }, large: { width: 680, height: 1020 } },
  '1:1': { small: { width: 400, height: 400 }, medium: { width: 800, height: 800 }, large: { width: 1000, height: 1000 } },
  '16:9': { small: { width: 480, height: 270 }, medium: { width: 640, height: 360 }, large: { width: 1024, height: 576 } },
};

export const ASPECT_IDS = Object.keys(ASPECT_PRESETS) as AspectId[];
export const SIZE_NAMES: SizeName[] = ['small', 'medium', 'large'];

/** The social network presets shown under More. */
export const SOCIAL_PRESETS = [
  { id: 'facebook', name: 'Facebook', ratio: '16:9', width: 640, height: 360 },
  { id: 'instagram', name: 'Instagram', ratio: '4:5', width: 800, height: 1000 },
  { id: 'twitter', name: 'Twitter/X', ratio: '4:3', width: 1000, height: 750 },
  { id: 'tiktok', name: 'TikTok', ratio: '9:16', width: 360, height: 640 },
] as const;

/** Whether two sizes are the same. */
export function sameSize(a: Size, b: Size): boolean {
  return a.width === b.width && a.height === b.height;
}
