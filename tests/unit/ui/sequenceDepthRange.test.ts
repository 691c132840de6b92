import { describe, expect, it } from 'vitest';
import { createDefaultPoseDocument, renderBodySurface, type PoseDocument } from '../../../src/pose/index.js';
import { sequenceDepthRange } from '../../../src/ui/editor/timeline/exportSequence';

/** The built-in pose with every body point at depth `z`, and its left arm reaching `reach` further toward the viewer. */
function atDepth(z: number, reach: number): PoseDocument {
  const pose = createDefaultPoseDocument(400, 600);
  const arm = new Set([5, 6, 7]);
  const people = pose.people.map((p) => ({ ...p, body: p.body.map((k, i) => ({ ...k, z: z + (arm.has(i) ? reach * (i - 4) : 0) })) }));
  return { ...pose, people };
}

describe("the ZIP export's depth range", () => {
  it('holds every visible body depth of every frame, so one depth is one grey through the sequence', () => {
    const frames = [atDepth(0, 0), atDepth(40, 30), atDepth(-60, -20), { ...atDepth(0, 0), people: [] }];
    const range = sequenceDepthRange(frames, 400, 600);
    const surfaces = frames.map((pose) => renderBodySurface(pose, 400, 600)).filter((s) => s.near !== -Infinity);
    expect(surfaces).toHaveLength(3);
    for (const surface of surfaces) {
      expect(surface.near).toBeLessThanOrEqual(range.near + 1e-6);
      expect(surface.far).toBeGreaterThanOrEqual(range.far - 1e-6);
    }
    // The range spans the frames: wider than any one frame's own.
    expect(range.near).toBeGreaterThanOrEqual(Math.max(...surfaces.map((s) => s.near)) - 1e-6);
    expect(range.near - range.far).toBeGreaterThan(Math.max(...surfaces.map((s) => s.near - s.far)));
  });
});
