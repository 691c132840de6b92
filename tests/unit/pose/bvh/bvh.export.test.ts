// A sequence or a single pose written as BVH and read back lands where it was: every body point
// within 0.5 px, depth included.
import { describe, expect, it } from 'vitest';
import { EXPORT_JOINTS, exportPoseBvh, exportSequenceBvh, importBvh, parseBvh } from '../../../../src/pose/bvh/index.js';
import { figureAtFrame } from '../../../../src/pose/motion/index.js';
import { createDefaultPoseDocument, type Keypoint, type Person } from '../../../../src/pose/index.js';
import { bvhFixture } from './bvhFixtures.js';

const bodyAt = (seq: Parameters<typeof figureAtFrame>[0], frame: number) => (figureAtFrame(seq, frame) as Person).body;

function expectClose(got: readonly Keypoint[], want: readonly Keypoint[]) {
  want.forEach((w, i) => {
    if (!w.visible) return;
    const g = got[i]!;
    expect(g.visible).toBe(true);
    expect(Math.hypot(g.x - w.x, g.y - w.y), `point ${i}`).toBeLessThan(0.5);
    expect(Math.abs((g.z ?? 0) - (w.z ?? 0)), `depth of point ${i}`).toBeLessThan(0.5);
  });
}

describe('BVH export', () => {
  it.each(['mocapbank_excerpt.bvh', 'freebvh_mixamo_excerpt.bvh'])('%s: imported, exported and imported again, every frame lands within 0.5 px', (file) => {
    const first = importBvh(bvhFixture(file), { width: 512, height: 768 });
    if (!first.ok) throw new Error(first.problem.code);
    const written = exportSequenceBvh(first.sequence, first.canvas);
    const again = importBvh(written.text, { width: 512, height: 768, fps: first.sequence.fps, placement: written.placement });
    if (!again.ok) throw new Error(again.problem.code);
    expect(again.sequence.length).toBe(first.sequence.length);
    for (let f = 0; f < first.sequence.length; f++) expectClose(bodyAt(again.sequence.tracks[0]!, f), bodyAt(first.sequence.tracks[0]!, f));
  });

  it('writes a single pose, its bones as long as drawn, and reads it back within 0.5 px', () => {
    const pose = createDefaultPoseDocument();
    const written = exportPoseBvh(pose);
    const again = importBvh(written.text, { width: pose.canvas_width, height: pose.canvas_height, placement: written.placement });
    if (!again.ok) throw new Error(again.problem.code);
    expect(again.sequence.length).toBe(1);
    expectClose(bodyAt(again.sequence.tracks[0]!, 0), pose.people[0]!.body);
  });

  it('writes the documented skeleton: the Mixamo-named joints, each with a Mid joint before it, root Hips with six channels, a frame time of 1/fps', () => {
    const { text } = exportPoseBvh(createDefaultPoseDocument(), 0, 24);
    const parsed = parseBvh(text);
    if (!parsed.ok) throw new Error(parsed.problem.code);
    const names = parsed.bvh.joints.map((j) => j.name);
    for (const j of EXPORT_JOINTS) expect(names).toContain(j.name);
    expect(names).toContain('RightForeArmMid');
    expect(parsed.bvh.joints[0]).toMatchObject({ name: 'Hips', channels: ['Xposition', 'Yposition', 'Zposition', 'Zrotation', 'Xrotation', 'Yrotation'] });
    expect(parsed.bvh.joints.slice(1).every((j) => j.channels.join(' ') === 'Zrotation Xrotation Yrotation')).toBe(true);
    expect(parsed.bvh.frameTime).toBeCloseTo(1 / 24, 8);
  });
});
