import { describe, expect, it } from 'vitest';
import { cropPointToImage, handCropFromArm, handCropFromLandmarks, imagePointToCrop } from '../../../server/estimator/handCrop';
import { handCropsFor } from '../../../server/estimator/runEstimate';
import { BODY, createDefaultPerson } from '../../../src/pose/index';

describe('hand crops from the arm (OpenPose hand-from-body rule)', () => {
  it('centres the crop a third of a forearm past the wrist, 1.5 forearms wide, upright for a raised forearm', () => {
    const crop = handCropFromArm({ x: 100, y: 100 }, { x: 100, y: 160 }, { x: 100, y: 200 });
    expect(crop!.centre).toEqual({ x: 100, y: 100 - 0.33 * 60 });
    expect(crop!.size).toBeCloseTo(90);
    expect(crop!.angle).toBeCloseTo(0);
  });

  it('uses 0.9 of the upper arm when that is longer than the forearm (a foreshortened forearm)', () => {
    expect(handCropFromArm({ x: 100, y: 100 }, { x: 110, y: 100 }, { x: 210, y: 100 })!.size).toBeCloseTo(1.5 * 90);
  });

  it('has no crop for an arm without a forearm', () => {
    expect(handCropFromArm({ x: 100, y: 100 }, { x: 100.5, y: 100 }, null)).toBeNull();
  });

  it.each([
    ['hanging down', { x: 0, y: 1 }],
    ['pointing right', { x: 1, y: 0 }],
    ['pointing up-left', { x: -0.6, y: -0.8 }],
  ])('turns a forearm %s so the fingers point to the top of the crop', (_name, dir) => {
    const elbow = { x: 300, y: 300 };
    const wrist = { x: 300 + 80 * dir.x, y: 300 + 80 * dir.y };
    const crop = handCropFromArm(wrist, elbow, null)!;
    const fingertip = imagePointToCrop(crop, { x: wrist.x + 60 * dir.x, y: wrist.y + 60 * dir.y }, 224);
    const elbowInCrop = imagePointToCrop(crop, elbow, 224);
    expect(fingertip.x).toBeCloseTo(112, 6);
    expect(fingertip.y).toBeLessThan(112);
    expect(elbowInCrop.y).toBeGreaterThan(224);
    // And back again.
    const back = cropPointToImage(crop, fingertip.x, fingertip.y, 224);
    expect(back.x).toBeCloseTo(wrist.x + 60 * dir.x, 6);
    expect(back.y).toBeCloseTo(wrist.y + 60 * dir.y, 6);
  });

  it('takes a second look around landmarks already found: twice their extent, wrist to middle knuckle upright', () => {
    // A hand lying flat, fingers pointing right: wrist at (100, 100), middle knuckle (9) at (130, 100).
    const points = Array.from({ length: 21 }, (_, i) => ({ x: 100 + (i === 0 ? 0 : i === 9 ? 30 : 20 + (i % 5) * 5), y: 100 + (i % 3) * 5 - 5 }));
    const crop = handCropFromLandmarks(points);
    expect(crop.size).toBeCloseTo(2 * 40);
    expect(crop.centre).toEqual({ x: 120, y: 100 });
    expect(crop.angle).toBeCloseTo(Math.PI / 2);
    expect(imagePointToCrop(crop, points[9], 224).y).toBeLessThan(imagePointToCrop(crop, points[0], 224).y);
  });

  it('makes one crop per arm whose wrist and elbow are both seen', () => {
    const person = createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });
    expect(handCropsFor([person])).toHaveLength(2);
    person.body[BODY.left_elbow].visible = false;
    expect(handCropsFor([person])).toHaveLength(1);
  });
});
