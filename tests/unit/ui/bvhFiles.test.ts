// The editor's BVH import and export: a motion opens as a sequence on the document's canvas; a bad
// file gives its problem and no scene, so the pose on the canvas stays as it was.
import { describe, expect, it } from 'vitest';
import { createScene } from '../../../src/editor/model/scene';
import { createDefaultPoseDocument } from '../../../src/pose';
import { parseBvh } from '../../../src/pose/bvh';
import { bvhOfScene, readBvhText } from '../../../src/ui/editor/io/bvhFiles';
import { bvhFixture } from '../pose/bvh/bvhFixtures';

describe('BVH files in the editor', () => {
  const current = createScene(createDefaultPoseDocument());

  it('reads a motion as a sequence of one person on the canvas, the reference kept', () => {
    const result = readBvhText(bvhFixture('mocapbank_excerpt.bvh'), current);
    if (!result.ok) throw new Error(result.problem.code);
    expect([result.frames, result.fps, result.sourceFrames, result.sourceFps]).toEqual([15, 30, 15, 30]);
    expect(result.scene.sequence?.tracks).toHaveLength(1);
    expect([result.scene.pose.canvas_width, result.scene.pose.canvas_height]).toEqual([current.pose.canvas_width, current.pose.canvas_height]);
    expect(result.scene.pose.people).toHaveLength(1);
    expect(result.scene.reference).toBe(current.reference);
  });

  it('gives a truncated file its problem and no scene', () => {
    const text = bvhFixture('mocapbank_excerpt.bvh');
    const result = readBvhText(text.slice(0, text.indexOf('MOTION') - 30), current);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.code).toBe('bvhTruncated');
  });

  it('writes the sequence shown (or the pose when there is none) as BVH that reads back', () => {
    const motion = readBvhText(bvhFixture('mocapbank_excerpt.bvh'), current);
    if (!motion.ok) throw new Error(motion.problem.code);
    const written = parseBvh(bvhOfScene(motion.scene));
    expect(written.ok && written.bvh.frames).toHaveLength(15);
    const single = parseBvh(bvhOfScene(current));
    expect(single.ok && single.bvh.frames).toHaveLength(1);
  });
});
