// Feet: kept from BODY_25 and DWPose files, carried by the ankles, added from a template, and
// written back in the three export formats unchanged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  attachDefaultFeet,
  attachDefaultHand,
  BODY,
  createDefaultPerson,
  distance as dist,
  feetFollowAnkles,
  flipPerson,
  FOOT,
  handsFollowWrists,
  parsePoseJson,
  POSE_EXPORT_FORMATS,
  stringifyPoseExport,
  type Person,
  type PoseDocument,
  type Vec2,
} from '../../../src/pose/index.js';
import { fixturePath } from './pixels.js';

const load = (text: string): PoseDocument => {
  const result = parsePoseJson(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
};
const moveBody = (p: Person, index: number, to: Vec2): Person => ({ ...p, body: p.body.map((k, i) => (i === index ? { ...to, visible: k.visible } : k)) });
const withFeet = (): Person => attachDefaultFeet(attachDefaultHand(createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 }), 'left'));

describe('a BODY_25 file keeps its feet', () => {
  it('through import, an edit of an unrelated joint and BODY_25 export, within 0.5 px', () => {
    const text = readFileSync(fixturePath('body25-feet.json'), 'utf8');
    const source: number[] = JSON.parse(text).people[0].pose_keypoints_2d;
    const doc = load(text);
    const person = doc.people[0]!;
    const wrist = person.body[BODY.right_wrist]!;
    const edited = feetFollowAnkles(person, handsFollowWrists(person, moveBody(person, BODY.right_wrist, { x: wrist.x + 25, y: wrist.y - 30 })));
    const written: number[] = JSON.parse(stringifyPoseExport({ ...doc, people: [edited] }, 'body25')).people[0].pose_keypoints_2d;
    expect(written).toHaveLength(75);
    for (let i = 19 * 3; i < 75; i++) expect(Math.abs(written[i]! - source[i]!)).toBeLessThanOrEqual(0.5);
    // The hidden right heel stays hidden; the wrist (BODY_25 point 4) did move.
    expect(written.slice(72)).toEqual([0, 0, 0]);
    expect(written[12]).toBeCloseTo(source[12]! + 25, 9);
  });
});

describe('export formats', () => {
  const doc = (): PoseDocument => {
    const base = load(readFileSync(fixturePath('editor-two-people.json'), 'utf8'));
    return { ...base, people: [attachDefaultFeet(base.people[0]!), base.people[1]!], animals: load(readFileSync(fixturePath('animals.json'), 'utf8')).animals };
  };

  for (const format of POSE_EXPORT_FORMATS) {
    it(`${format}: loads back and writes the same file again`, () => {
      const first = stringifyPoseExport(doc(), format);
      const again = load(first);
      expect(stringifyPoseExport(again, format)).toBe(first);
      const visible = (d: PoseDocument) => d.people.map((p) => [p.body, p.leftHand, p.rightHand, p.face].map((part) => part?.filter((k) => k.visible)));
      expect(visible(again)).toEqual(visible(doc()));
      // Every format keeps the feet: ControlNet's 18-point people JSON under DWPose's foot_keypoints_2d, which ControlNet ignores.
      expect(again.people[0]!.feet).toEqual(doc().people[0]!.feet);
    });
  }

  it('keeps the render profile with the pose in the people JSON, and writes nothing for the default', () => {
    const xinsir = stringifyPoseExport({ ...doc(), render_profile: 'xinsir' }, 'controlnet');
    expect(JSON.parse(xinsir).render_profile).toBe('xinsir');
    expect(load(xinsir).render_profile).toBe('xinsir');
    expect(JSON.parse(stringifyPoseExport(doc(), 'controlnet'))).not.toHaveProperty('render_profile');
  });

  it('writes BODY_25 as the OpenPose binary does: 75 numbers, mid-hip between the hips, [] for absent parts', () => {
    const json = JSON.parse(stringifyPoseExport(doc(), 'body25'));
    const person = json.people[1];
    expect(Object.keys(person)).toEqual([
      'person_id',
      'pose_keypoints_2d',
      'face_keypoints_2d',
      'hand_left_keypoints_2d',
      'hand_right_keypoints_2d',
      'pose_keypoints_3d',
      'face_keypoints_3d',
      'hand_left_keypoints_3d',
      'hand_right_keypoints_3d',
    ]);
    const body = person.pose_keypoints_2d as number[];
    const [rHip, lHip] = [body.slice(27, 29), body.slice(36, 38)];
    expect(body.slice(24, 27)).toEqual([(rHip[0]! + lHip[0]!) / 2, (rHip[1]! + lHip[1]!) / 2, 1]);
    expect(person.face_keypoints_2d).toEqual([]);
  });

  it('writes POSE_KEYPOINT as comfyui_controlnet_aux does: a list of frames, null for an absent part', () => {
    const json = JSON.parse(stringifyPoseExport(doc(), 'pose_keypoint'));
    expect(Array.isArray(json)).toBe(true);
    expect(Object.keys(json[0])).toEqual(['people', 'animals', 'canvas_height', 'canvas_width']);
    expect(json[0].people[1].face_keypoints_2d).toBeNull();
    expect(json[0].people[0].foot_keypoints_2d).toHaveLength(18);
  });
});

describe('feet follow their ankles', () => {
  it('translate with a moved shin (knee and ankle moved alike), keeping their shape', () => {
    const before = withFeet();
    const [knee, ankle] = [before.body[BODY.left_knee]!, before.body[BODY.left_ankle]!];
    const moved = moveBody(moveBody(before, BODY.left_ankle, { x: ankle.x + 12, y: ankle.y - 7 }), BODY.left_knee, { x: knee.x + 12, y: knee.y - 7 });
    const after = feetFollowAnkles(before, moved);
    for (const i of [FOOT.left_big_toe, FOOT.left_small_toe, FOOT.left_heel]) {
      expect(after.feet![i]!.x).toBeCloseTo(before.feet![i]!.x + 12, 9);
      expect(after.feet![i]!.y).toBeCloseTo(before.feet![i]!.y - 7, 9);
    }
    expect(after.feet![FOOT.right_heel]).toEqual(before.feet![FOOT.right_heel]);
  });

  it('turn about the ankle with the shin when the knee moves', () => {
    const before = withFeet();
    const [knee, ankle] = [before.body[BODY.right_knee]!, before.body[BODY.right_ankle]!];
    const shin = { x: ankle.x - knee.x, y: ankle.y - knee.y };
    const after = feetFollowAnkles(before, moveBody(before, BODY.right_knee, { x: ankle.x + shin.y, y: ankle.y - shin.x }));
    const toe = (p: Person) => p.feet![FOOT.right_big_toe]!;
    const angle = (p: Vec2) => Math.atan2(p.y - ankle.y, p.x - ankle.x);
    const turn = ((angle(toe(after)) - angle(toe(before)) + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
    expect(turn).toBeCloseTo(Math.PI / 2, 9);
    expect(dist(toe(after), ankle)).toBeCloseTo(dist(toe(before), ankle), 9);
  });

  it('leave the person as it is when no ankle or knee moved', () => {
    const before = withFeet();
    const after = moveBody(before, BODY.nose, { x: 1, y: 2 });
    expect(feetFollowAnkles(before, after)).toBe(after);
  });
});

describe('default feet', () => {
  it('hang below each ankle, toes lower than the heel, and swap sides when the person is flipped', () => {
    const person = withFeet();
    const [left, right] = [person.body[BODY.left_ankle]!, person.body[BODY.right_ankle]!];
    expect(person.feet).toHaveLength(6);
    expect(person.feet!.every((k) => k.visible)).toBe(true);
    expect(person.feet![FOOT.left_big_toe]!.y).toBeGreaterThan(person.feet![FOOT.left_heel]!.y);
    expect(dist(person.feet![FOOT.left_heel]!, left)).toBeLessThan(dist(person.feet![FOOT.left_heel]!, right));
    // The person's left foot's small toe is on the outside (image right for a person facing us).
    expect(person.feet![FOOT.left_small_toe]!.x).toBeGreaterThan(person.feet![FOOT.left_big_toe]!.x);
    const flipped = flipPerson(person, 200);
    expect(flipped.feet![FOOT.left_heel]!.x).toBeCloseTo(400 - person.feet![FOOT.right_heel]!.x, 9);
  });

  it('are hidden where the ankle is hidden', () => {
    const base = createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });
    const person = attachDefaultFeet({ ...base, body: base.body.map((k, i) => (i === BODY.right_ankle ? { ...k, visible: false } : k)) });
    expect(person.feet!.map((k) => k.visible)).toEqual([true, true, true, false, false, false]);
  });
});
