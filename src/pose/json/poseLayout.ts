import type { BodyLayout } from './bodyLayout.js';

/** The files of [x, y] pairs without confidences: fkunn1326's point list, TRI3D's flattened pose, OpenPose Studio's legacy layout. */
export type PairFile = 'pointList' | 'tri3d' | 'studioLegacy';

/** A layout a file was read in, for the import note: a body layout other than plain COCO-18, a file of pairs, or mmpose's saved predictions. */
export type PoseLayout = Exclude<BodyLayout, 'coco18'> | PairFile | 'mmpose';
