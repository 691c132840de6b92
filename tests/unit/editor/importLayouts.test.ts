// The editor's reading of a pose file says which layout it read and, where the skeleton could not
// tell, holds the other reading for "Read the pose file the other way".
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BODY } from '../../../src/pose/index.js';
import { readPoseText } from '../../../src/ui/editor/io/importPose';

const corpus = (name: string) => fs.readFileSync(`tests/fixtures/realpose/${name}.json`, 'utf8');

describe('layouts in the editor', () => {
  it('names the layout read and, for a collection, how many poses and which one opened', () => {
    const coco17 = readPoseText(corpus('studio_stickman_coco17'));
    expect(coco17.ok && [coco17.layouts, coco17.doubt, coco17.otherScene]).toEqual([['coco17'], false, undefined]);
    const collection = readPoseText(corpus('studio_gestures_collection'));
    expect(collection.ok && collection.collection).toEqual({ count: 14, name: 'double peace signs close' });
  });

  it('holds the other reading of a padded COCO-18 body whose hips are hidden: there its right knee is the right hip', () => {
    const [frame] = JSON.parse(corpus('sirfalus_coco18pad25_frames')) as Array<{
      people: Array<{ pose_keypoints_2d: number[] }>;
      canvas_width: number;
      canvas_height: number;
    }>;
    const body = frame!.people[0]!.pose_keypoints_2d.slice(0, 54).map((n, i) => ([8, 11].includes(Math.floor(i / 3)) ? 0 : n));
    const text = JSON.stringify({ ...frame, people: [{ pose_keypoints_2d: [...body, ...new Array(21).fill(0)] }] });
    const result = readPoseText(text);
    if (!result.ok) throw new Error(result.problem.code);
    expect(result.doubt).toBe(true);
    const [read, other] = [result.scene.pose.people[0]!.body, result.otherScene!.pose.people[0]!.body];
    expect(other[BODY.right_hip]).toEqual(read[BODY.right_knee]);
  });
});
