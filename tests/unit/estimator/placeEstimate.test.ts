import { describe, expect, it } from 'vitest';
import type { PoseDocument } from '../../../src/pose/index.js';
import { placeEstimate } from '../../../src/ui/estimate/placeEstimate';
import { fullPerson, locksOf, sampleScene, withoutFigureInfo } from '../editor/scenes';

/** An estimate on a 640 x 480 photo: one person with hands and a face, centred at x = 320. */
const estimate = (width = 640, height = 480): PoseDocument => ({ canvas_width: width, canvas_height: height, people: [fullPerson(320)], animals: [] });

describe('placeEstimate', () => {
  it('replace: the estimate is the pose, on the photo-sized canvas, nothing locked', () => {
    const scene = placeEstimate(sampleScene(), estimate(), 'replace');
    expect(withoutFigureInfo(scene.pose)).toEqual(estimate());
    expect(locksOf(scene)).toEqual({ people: [false], animals: [] });
  });

  it('replace: a photo larger than the panel takes is scaled down with its aspect kept', () => {
    const scene = placeEstimate(sampleScene(), estimate(2048, 1536), 'replace');
    expect([scene.pose.canvas_width, scene.pose.canvas_height]).toEqual([1024, 768]);
    expect(scene.pose.people[0]!.body[1]!.x).toBeCloseTo(estimate().people[0]!.body[1]!.x / 2, 9);
  });

  it('add: the people join the pose where the fitted, centred photo shows them; the rest is kept', () => {
    const before = sampleScene();
    const scene = placeEstimate(before, estimate(), 'add');
    // 640 x 480 inside 400 x 600: scale 0.625, shown at y 150..450.
    expect([scene.pose.canvas_width, scene.pose.canvas_height]).toEqual([400, 600]);
    expect(scene.pose.people.slice(0, 2)).toEqual(before.pose.people);
    expect(scene.pose.animals).toEqual(before.pose.animals);
    expect(locksOf(scene)).toEqual({ people: [false, true, false], animals: [false] });
    const [found, placed] = [estimate().people[0]!, scene.pose.people[2]!];
    for (const [list, original] of [
      [placed.body, found.body],
      [placed.face!, found.face!],
      [placed.leftHand!, found.leftHand!],
    ] as const) {
      list.forEach((p, i) => {
        expect(p.x).toBeCloseTo(original[i]!.x * 0.625, 9);
        expect(p.y).toBeCloseTo(150 + original[i]!.y * 0.625, 9);
        expect(p.visible).toBe(original[i]!.visible);
      });
    }
  });
});
