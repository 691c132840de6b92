import type { ImageType } from '../../../pose';

// Apart from the skeleton reader (readSkeletonPng.ts), which loads with the first skeleton image:
// the file pickers and the drop target need only to know which files to hand it.

/** The image types read as skeletons: PNG, as ControlNet saves them, and JPEG and WebP, as they are often saved again. */
export const SKELETON_IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Whether a file's declared type is one read as a skeleton. */
export const isSkeletonImageType = (type: string): boolean => (SKELETON_IMAGE_TYPES as readonly string[]).includes(type);
