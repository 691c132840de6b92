import { describe, expect, it } from 'vitest';
import type { OpenPoseJson, OpenPosePersonJson } from '../../../src/pose/json/openPoseJson';
import { OneEuroFilter } from '../../../src/pose/video/oneEuro';
import { smoothPeople, trackPeople } from '../../../src/pose/video/trackPeople';
import { seededRandom } from '../../../src/pose/seededRandom';

/** A standing body of 18 points around (x, y), about 100 px tall, every point seen. */
function bodyAt(x: number, y: number): OpenPosePersonJson {
  const points: number[] = [];
  for (let i = 0; i < 18; i++) points.push(x + ((i % 3) - 1) * 15, y - 50 + i * 6, 1);
  return { pose_keypoints_2d: points };
}

const frame = (people: OpenPosePersonJson[]): OpenPoseJson => ({ people, animals: [], canvas_width: 640, canvas_height: 480 });
const neckX = (person: OpenPosePersonJson) => person.pose_keypoints_2d[3];
const spread = (values: number[]) => {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
};

describe('the One Euro filter', () => {
  it('passes the first sample, and the first after a reset, unchanged', () => {
    const filter = new OneEuroFilter();
    expect(filter.filter(100, 0)).toBe(100);
    expect(filter.filter(140, 1 / 16)).not.toBe(140);
    filter.reset();
    expect(filter.filter(300, 2 / 16)).toBe(300);
  });

  it('takes most of the trembling out of a point that stands still', () => {
    const random = seededRandom(7);
    const filter = new OneEuroFilter();
    const raw = Array.from({ length: 160 }, () => 200 + (random() - 0.5) * 6);
    const smoothed = raw.map((v, i) => filter.filter(v, i / 16));
    // Less than half the variance left.
    expect(spread(smoothed.slice(20))).toBeLessThan(spread(raw.slice(20)) * 0.7);
  });

  it('keeps up with a point moving fast (lags far less than a fixed low-pass of the same still cutoff)', () => {
    const filter = new OneEuroFilter();
    const still = new OneEuroFilter({ minCutoff: 1, beta: 0, derivativeCutoff: 1 });
    let lastFast = 0;
    let lastStill = 0;
    for (let i = 0; i < 32; i++) {
      lastFast = filter.filter(i * 40, i / 16);
      lastStill = still.filter(i * 40, i / 16);
    }
    const truth = 31 * 40;
    expect(truth - lastFast).toBeLessThan((truth - lastStill) / 3);
  });
});

describe('tracking people across frames', () => {
  it('keeps each person at one index when the detector lists them in another order', () => {
    const frames = Array.from({ length: 12 }, (_, f) => {
      const left = bodyAt(100 + f * 5, 240);
      const right = bodyAt(500 - f * 5, 240);
      return frame(f % 2 === 0 ? [left, right] : [right, left]);
    });
    const tracked = trackPeople(frames);
    tracked.forEach((t, f) => {
      expect(t.people).toHaveLength(2);
      expect(neckX(t.people[0])).toBe(100 + f * 5);
      expect(neckX(t.people[1])).toBe(500 - f * 5);
    });
  });

  it('adds a newcomer at the end, hidden in the frames before it came, and keeps the place of one who left', () => {
    const frames = [
      frame([bodyAt(100, 240)]),
      frame([bodyAt(400, 240), bodyAt(104, 240)]),
      frame([bodyAt(404, 240)]),
      frame([bodyAt(408, 240), bodyAt(110, 240)]),
    ];
    const tracked = trackPeople(frames);
    expect(tracked.map((t) => t.people.length)).toEqual([2, 2, 2, 2]);
    expect(tracked[0].people[1].pose_keypoints_2d.every((v) => v === 0)).toBe(true);
    expect(tracked.map((t) => neckX(t.people[1]))).toEqual([0, 400, 404, 408]);
    expect(tracked.map((t) => neckX(t.people[0]))).toEqual([100, 104, 0, 110]);
  });

  it('starts a new person for a detection far from everyone known', () => {
    const tracked = trackPeople([frame([bodyAt(100, 240)]), frame([bodyAt(560, 240)])]);
    expect(tracked[1].people).toHaveLength(2);
    expect(neckX(tracked[1].people[1])).toBe(560);
  });
});

describe('smoothing a tracked sequence', () => {
  it('calms a trembling person and leaves hidden points hidden', () => {
    const random = seededRandom(3);
    const frames = Array.from({ length: 48 }, () => {
      const person = bodyAt(300 + (random() - 0.5) * 8, 240);
      person.pose_keypoints_2d[5 * 3 + 2] = 0;
      person.pose_keypoints_2d[5 * 3] = 0;
      return frame([person]);
    });
    const smoothed = smoothPeople(frames, 16);
    const raw = frames.map((f) => neckX(f.people[0]));
    const calm = smoothed.map((f) => neckX(f.people[0]));
    expect(spread(calm.slice(8))).toBeLessThan(spread(raw.slice(8)) * 0.7);
    expect(smoothed.every((f) => f.people[0].pose_keypoints_2d[5 * 3] === 0)).toBe(true);
  });
});
