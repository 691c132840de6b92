// A pose exported as a "whole body with feet" PNG and imported again keeps its feet, and the
// pose keeps the profile that draws them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePoseJson, poseFromPng, rasterizeOpenPose, type PoseDocument, type RenderProfile } from '../../../src/pose/index.js';
import { corpusPath } from './realpose.js';

// OpenPose's BODY_25 output for one person, with all six foot points.
function withFeet(): PoseDocument {
  const parsed = parsePoseJson(readFileSync(corpusPath('op_coco192_body25_hands', '.json'), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.document;
}

function drawAndRead(doc: PoseDocument, profile: RenderProfile): PoseDocument {
  const image = { width: doc.canvas_width, height: doc.canvas_height, data: new Uint8ClampedArray(doc.canvas_width * doc.canvas_height * 4) };
  rasterizeOpenPose(doc, image, profile);
  return poseFromPng(image);
}

describe('poseFromPng on drawings with feet', { timeout: 60_000 }, () => {
  it('reads the foot points of a drawing with feet, and keeps its profile', () => {
    const truth = withFeet();
    const feet = truth.people[0]?.feet ?? [];
    expect(feet.filter((k) => k.visible)).toHaveLength(6);
    const read = drawAndRead(truth, 'feet');
    expect(read.render_profile).toBe('feet');
    const mine = read.people[0]?.feet ?? [];
    const near = feet.filter((k, i) => mine[i]?.visible && Math.hypot((mine[i]?.x ?? 0) - k.x, (mine[i]?.y ?? 0) - k.y) <= 3);
    // The left big toe's dot lies 1.3 px from the small toe's, drawn over it: five show.
    expect(near.length).toBeGreaterThanOrEqual(5);
    // Nothing is read where the file has no foot point.
    expect(mine.filter((k, i) => k.visible && !feet[i]?.visible)).toEqual([]);
  });

  it('reads no feet, and no profile, from the same pose drawn without them', () => {
    const read = drawAndRead(withFeet(), 'sd15');
    expect(read.render_profile).toBeUndefined();
    expect(read.people.map((p) => p.feet)).toEqual([undefined]);
  });
});
