// BVH motion capture in and out: parsing, forward kinematics, the body it gives, export.
export type { Bvh, BvhChannel, BvhJoint } from './bvhTypes.js';
export { MAX_BVH_DEPTH, MAX_BVH_FRAMES, MAX_BVH_JOINTS, parseBvh, type BvhResult } from './parseBvh.js';
export { BVH_MARGIN, importBvh, placed, type BvhImportOptions, type BvhImportResult, type BvhPlacement } from './importBvh.js';
export { EXPORT_FIGURE_HEIGHT, exportBodiesBvh, exportPoseBvh, exportSequenceBvh, type BvhExport } from './exportBvh.js';
export { EXPORT_JOINTS, type ExportJoint } from './exportSkeleton.js';
