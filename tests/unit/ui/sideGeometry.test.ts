import { describe, expect, it } from 'vitest';
import { BODY } from '../../../src/pose/index.js';
import { pushJointInScene } from '../../../src/editor/posing/push';
import { turnPersonInScene } from '../../../src/editor/posing/turn';
import { bodyWithDepth, depthOfDrag, fitSideFrame, nearestSidePoint, SIDE_PADDING, sideLimbs, sidePoints } from '../../../src/ui/editor/sideView/sideGeometry';
import { sampleScene } from '../editor/scenes';

const [W, H] = [150, 210];

describe('the side view’s geometry', () => {
  it('fits a turned person’s height inside the panel, depth across and height down', () => {
    const scene = turnPersonInScene(sampleScene(), 0, { yaw: 90, pitch: 0 });
    const body = bodyWithDepth(scene.pose.people[0]!);
    const points = sidePoints(body, fitSideFrame(body, W, H));
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(W);
      expect(p.y).toBeGreaterThanOrEqual(SIDE_PADDING - 1e-9);
      expect(p.y).toBeLessThanOrEqual(H - SIDE_PADDING + 1e-9);
    }
    // Side-on, the shoulders are a shoulder width apart in depth: seen from the side, far apart across.
    const at = (i: number) => points.find((p) => p.index === i)!;
    expect(Math.abs(at(BODY.right_shoulder).x - at(BODY.left_shoulder).x)).toBeGreaterThan(10);
    expect(at(BODY.nose).y).toBeLessThan(at(BODY.right_ankle).y);
    expect(sideLimbs(points).length).toBeGreaterThanOrEqual(12);
  });

  it('picks the nearest joint within reach, and turns a sideways drag into that depth', () => {
    const scene = sampleScene();
    const body = bodyWithDepth(scene.pose.people[0]!);
    const frame = fitSideFrame(body, W, H);
    const points = sidePoints(body, frame);
    const wrist = points.find((p) => p.index === BODY.right_wrist)!;
    expect(nearestSidePoint(points, { x: wrist.x + 1, y: wrist.y + 1 }, 4)).toBe(BODY.right_wrist);
    expect(nearestSidePoint(points, { x: -50, y: -50 }, 10)).toBeNull();
    const pushed = pushJointInScene(scene, { entity: { kind: 'person', index: 0 }, part: 'body', index: BODY.right_wrist }, depthOfDrag(30, frame));
    const after = bodyWithDepth(pushed.pose.people[0]!);
    const moved = sidePoints(after, frame).find((p) => p.index === BODY.right_wrist)!;
    expect(moved.x - wrist.x).toBeCloseTo(30, 6);
    // The frame fitted to the pushed person is the same: the figure does not jump when the drag ends.
    expect(fitSideFrame(after, W, H)).toEqual(frame);
  });
});
