// SCAIL's drawing hides a limb behind the body where the 3D says so: the same crossing of an upper
// arm over the torso line shows the arm when its depth puts it in front, the torso when behind.
import { describe, expect, it } from 'vitest';
import { BODY, BODY_KEYPOINT_COUNT, type Keypoint, type PoseDocument } from '../../../../src/pose/index.js';
import { rasterizeScail, SCAIL_LIMB_COLOURS } from '../../../../src/pose/scail/drawScail.js';
import { scailCamera, scailJoints } from '../../../../src/pose/scail/camera.js';

// A torso from the neck (200, 100) down to the right hip (200, 300), and an upper arm crossing it
// level at y = 200 from (120, 200) to (280, 200), at depth `armZ` (canvas pixels toward the viewer).
function crossing(armZ: number): PoseDocument {
  const body: Keypoint[] = Array.from({ length: BODY_KEYPOINT_COUNT }, () => ({ x: 0, y: 0, visible: false }));
  body[BODY.neck] = { x: 200, y: 100, z: 0, visible: true };
  body[BODY.right_hip] = { x: 200, y: 300, z: 0, visible: true };
  body[BODY.right_shoulder] = { x: 120, y: 200, z: armZ, visible: true };
  body[BODY.right_elbow] = { x: 280, y: 200, z: armZ, visible: true };
  return { canvas_width: 400, canvas_height: 400, people: [{ body }], animals: [] };
}

const colourAt = (doc: PoseDocument, x: number, y: number) => {
  const image = { width: 400, height: 400, data: new Uint8ClampedArray(400 * 400 * 4) };
  rasterizeScail(doc, image);
  const i = (y * 400 + x) * 4;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
};

describe('SCAIL hides what is behind', () => {
  const [ARM, TORSO] = [SCAIL_LIMB_COLOURS[2], SCAIL_LIMB_COLOURS[6]];

  it('shows the upper arm where it passes in front of the torso', () => {
    expect(colourAt(crossing(60), 200, 200)).toEqual(ARM);
  });

  it('shows the torso where the upper arm passes behind it', () => {
    expect(colourAt(crossing(-60), 200, 200)).toEqual(TORSO);
  });

  it('puts every joint on the ray through its own pixel, the nearer ones nearer the camera', () => {
    const doc = crossing(60);
    const camera = scailCamera(400, 400);
    const [joints] = scailJoints(doc, 400, 400);
    for (const i of [BODY.neck, BODY.right_shoulder]) {
      const j = joints?.[i];
      const k = doc.people[0]?.body[i];
      expect((camera.focal * (j?.x ?? 0)) / (j?.z ?? 1) + camera.cx).toBeCloseTo(k?.x ?? NaN, 9);
      expect((camera.focal * (j?.y ?? 0)) / (j?.z ?? 1) + camera.cy).toBeCloseTo(k?.y ?? NaN, 9);
    }
    expect(joints?.[BODY.right_shoulder]?.z).toBeLessThan(joints?.[BODY.neck]?.z ?? 0);
  });
});
