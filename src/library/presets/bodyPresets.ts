// The built-in body poses as joint angles (data table). Angles in degrees: a segment hangs straight
// down at {out: 0, fwd: 0}; `out` swings it away from the midline, `fwd` forward (see build/skeleton.ts).
import type { BodyPresetSpec } from '../build/bodyPreset.js';
import type { BodySpec, LimbAngles } from '../build/skeleton.js';

const HANG: LimbAngles = [{ out: 8 }, { out: 5, fwd: 8 }];
const STRAIGHT: LimbAngles = [{ out: 3 }, { out: 2 }];
const WIDE: LimbAngles = [{ out: 14 }, { out: 8 }];
const ON_HIP: LimbAngles = [{ out: 40, fwd: -10 }, { out: -57 }];
const UP: LimbAngles = [{ out: 168 }, { out: 175 }];
const GUARD: LimbAngles = [{ out: 15, fwd: 35 }, { out: -25, fwd: 150 }];
const SIT_THIGH = { fwd: 90, out: 6 };

const stand = (extra: Partial<BodySpec> = {}): BodySpec => ({ rightArm: HANG, leftArm: HANG, rightLeg: STRAIGHT, leftLeg: STRAIGHT, ...extra });
const one = (id: string, name: string, tags: string[], body: BodySpec, more: { wide?: boolean; lift?: number } = {}): BodyPresetSpec =>
  ({ id, name, tags, people: [{ body, lift: more.lift }], wide: more.wide });
const STAR: BodySpec = stand({ rightArm: [{ out: 140 }, { out: 150 }], leftArm: [{ out: 140 }, { out: 150 }], rightLeg: [{ out: 24 }, { out: 26 }], leftLeg: [{ out: 24 }, { out: 26 }] });

const walk = (view: number): BodySpec => ({
  view,
  rightArm: [{ fwd: -22 }, { fwd: -8 }], leftArm: [{ fwd: 22 }, { fwd: 45 }],
  rightLeg: [{ fwd: 24 }, { fwd: 6 }], leftLeg: [{ fwd: -18 }, { fwd: -42 }],
});
const run = (view: number): BodySpec => ({
  view, chest: { pitch: 12 },
  rightArm: [{ fwd: -45 }, { fwd: 45 }], leftArm: [{ fwd: 50 }, { fwd: 135 }],
  rightLeg: [{ fwd: 62 }, { fwd: -15 }], leftLeg: [{ fwd: -28 }, { fwd: -95 }],
});
const chair = (view: number): BodySpec => ({
  view,
  rightArm: [{ fwd: 20, out: 5 }, { fwd: 75, out: -5 }], leftArm: [{ fwd: 20, out: 5 }, { fwd: 75, out: -5 }],
  rightLeg: [SIT_THIGH, { fwd: 5 }], leftLeg: [SIT_THIGH, { fwd: 5 }],
});

/** Every built-in body preset, as joint angles. */
export const BODY_PRESET_SPECS: readonly BodyPresetSpec[] = [
  one('stand-relaxed', 'Standing, relaxed', ['standing', 'front'], stand()),
  one('stand-attention', 'Standing at attention', ['standing', 'front'], stand({ rightArm: [{ out: 3 }, { out: 2 }], leftArm: [{ out: 3 }, { out: 2 }], rightLeg: [{ out: 1 }, { out: 0 }], leftLeg: [{ out: 1 }, { out: 0 }] })),
  one('stand-wide', 'Standing, feet apart', ['standing', 'front'], stand({ rightLeg: WIDE, leftLeg: WIDE, rightArm: [{ out: 14 }, { out: 10 }], leftArm: [{ out: 14 }, { out: 10 }] })),
  one('stand-three-quarter', 'Standing, three-quarter view', ['standing', 'three-quarter'], stand({ view: 35 })),
  one('stand-profile', 'Standing, profile', ['standing', 'side'], stand({ view: 85, rightArm: [{ fwd: 8 }, { fwd: 15 }], leftArm: [{ fwd: -6 }, { fwd: 4 }] })),
  one('stand-back', 'Standing, from behind', ['standing', 'back'], stand({ view: 180 })),
  one('contrapposto', 'Contrapposto', ['standing', 'front'], stand({ pelvis: { roll: 6 }, chest: { roll: -9 }, head: { roll: 5 }, leftLeg: [{ out: 6, fwd: 14 }, { out: 2, fwd: -14 }], rightLeg: [{ out: -4 }, { out: 4 }] })),
  one('hands-on-hips', 'Hands on hips', ['standing', 'front', 'arms'], stand({ rightArm: ON_HIP, leftArm: ON_HIP, rightLeg: WIDE, leftLeg: WIDE })),
  one('arms-crossed', 'Arms crossed', ['standing', 'front', 'arms'], stand({ rightArm: [{ out: 10, fwd: 40 }, { out: -86, fwd: 70 }], leftArm: [{ out: 10, fwd: 35 }, { out: -84, fwd: 75 }] })),
  one('hands-up', 'Hands up', ['standing', 'front', 'arms'], stand({ rightArm: [{ out: 88 }, { out: 178 }], leftArm: [{ out: 88 }, { out: 178 }] })),
  one('shrug', 'Shrugging', ['standing', 'front', 'arms'], stand({ head: { roll: -6 }, rightArm: [{ out: 18, fwd: 5 }, { out: 75, fwd: 45 }], leftArm: [{ out: 18, fwd: 5 }, { out: 75, fwd: 45 }] })),
  one('thinking', 'Thinking, hand on chin', ['standing', 'front', 'arms'], stand({ view: 15, head: { pitch: 8, roll: 5 }, rightArm: [{ out: -5, fwd: 30 }, { out: -15, fwd: 160 }], leftArm: [{ out: 10, fwd: 15 }, { out: -85, fwd: 55 }] })),
  one('wave', 'Waving', ['standing', 'front', 'arms', 'greeting'], stand({ head: { roll: -4 }, rightArm: [{ out: 80 }, { out: 165 }] })),
  one('point-side', 'Pointing to the side', ['standing', 'front', 'pointing'], stand({ head: { yaw: -50 }, rightArm: [{ out: 88 }, { out: 90 }] })),
  one('point-viewer', 'Pointing at the viewer', ['standing', 'front', 'pointing'], stand({ rightArm: [{ out: 12, fwd: 78 }, { out: 8, fwd: 85 }] })),
  one('point-up', 'Pointing up', ['standing', 'three-quarter', 'pointing'], stand({ view: 25, head: { pitch: -25 }, rightArm: [{ out: 150 }, { out: 160 }] })),
  one('reach-up', 'Reaching up', ['standing', 'front', 'reaching'], stand({ chest: { roll: 6 }, head: { pitch: -20 }, rightArm: UP, leftArm: [{ out: 20 }, { out: 10 }] })),
  one('reach-forward', 'Reaching forward', ['standing', 'side', 'reaching'], stand({ view: 80, chest: { pitch: 18 }, rightArm: [{ fwd: 85 }, { fwd: 90 }], leftArm: [{ fwd: 75 }, { fwd: 85 }], rightLeg: [{ fwd: 8 }, { fwd: -4 }], leftLeg: [{ fwd: -8 }, { fwd: -10 }] })),
  one('look-back', 'Looking back over the shoulder', ['standing', 'back'], stand({ view: 150, head: { yaw: -80 } })),
  one('bow', 'Bowing', ['standing', 'side'], stand({ view: 85, chest: { pitch: 45 }, head: { pitch: 10 }, rightArm: [{ fwd: 45 }, { fwd: 48 }], leftArm: [{ fwd: 43 }, { fwd: 46 }] })),
  one('walk-side', 'Walking, profile', ['walking', 'side'], walk(85)),
  one('walk-three-quarter', 'Walking toward the viewer', ['walking', 'three-quarter'], walk(30)),
  one('run-side', 'Running, profile', ['running', 'side'], run(85)),
  one('run-three-quarter', 'Running, three-quarter view', ['running', 'three-quarter'], run(40)),
  one('sit-chair-side', 'Sitting on a chair, profile', ['sitting', 'chair', 'side'], chair(80)),
  one('sit-chair-three-quarter', 'Sitting on a chair, three-quarter view', ['sitting', 'chair', 'three-quarter'], chair(35)),
  one('sit-chair-legs-crossed', 'Sitting, legs crossed', ['sitting', 'chair', 'three-quarter'], {
    view: 35, rightArm: [{ fwd: 15 }, { fwd: 70, out: -15 }], leftArm: [{ fwd: 15 }, { fwd: 70, out: -15 }],
    rightLeg: [{ fwd: 90, out: -8 }, { fwd: 10 }], leftLeg: [{ fwd: 100, out: -22 }, { fwd: 25, out: -35 }],
  }),
  one('sit-cross-legged', 'Sitting cross-legged on the ground', ['sitting', 'ground', 'front'], {
    rightArm: [{ out: 10, fwd: 20 }, { out: 15, fwd: 65 }], leftArm: [{ out: 10, fwd: 20 }, { out: 15, fwd: 65 }],
    rightLeg: [{ out: 70, fwd: 90 }, { out: -70, fwd: 90 }], leftLeg: [{ out: 70, fwd: 90 }, { out: -72, fwd: 90 }],
  }),
  one('sit-ground-lean-back', 'Sitting on the ground, leaning back', ['sitting', 'ground', 'side'], {
    view: 80, chest: { pitch: -28 }, head: { pitch: 15 },
    rightArm: [{ fwd: -12 }, { fwd: -12 }], leftArm: [{ fwd: -12 }, { fwd: -12 }],
    rightLeg: [{ fwd: 90 }, { fwd: 90 }], leftLeg: [{ fwd: 120 }, { fwd: 30 }],
  }),
  one('sit-hug-knees', 'Sitting, hugging the knees', ['sitting', 'ground', 'side'], {
    view: 80, chest: { pitch: 5 },
    rightArm: [{ fwd: 55 }, { fwd: 85, out: -12 }], leftArm: [{ fwd: 50 }, { fwd: 80, out: -12 }],
    rightLeg: [{ fwd: 140 }, { fwd: 30 }], leftLeg: [{ fwd: 136 }, { fwd: 26 }],
  }),
  one('kneel-both', 'Kneeling on both knees', ['kneeling', 'side'], stand({ view: 80, rightLeg: [{ fwd: 0 }, { fwd: -90 }], leftLeg: [{ fwd: 0 }, { fwd: -90 }] })),
  one('kneel-one', 'Kneeling on one knee', ['kneeling', 'side'], stand({ view: 80, rightArm: [{ fwd: 15 }, { fwd: 55 }], rightLeg: [{ fwd: 90 }, { fwd: 0 }], leftLeg: [{ fwd: -5 }, { fwd: -90 }] })),
  one('crouch', 'Crouching', ['crouching', 'three-quarter'], {
    view: 20, chest: { pitch: 25 },
    rightArm: [{ out: 15, fwd: 40 }, { out: -5, fwd: 60 }], leftArm: [{ out: 15, fwd: 40 }, { out: -5, fwd: 60 }],
    rightLeg: [{ out: 38, fwd: 100 }, { out: 6, fwd: -22 }], leftLeg: [{ out: 38, fwd: 100 }, { out: 6, fwd: -22 }],
  }),
  one('crouch-sneak', 'Sneaking', ['crouching', 'side'], {
    view: 85, chest: { pitch: 30 }, head: { pitch: -20 },
    rightArm: [{ fwd: 40 }, { fwd: 80 }], leftArm: [{ fwd: -10 }, { fwd: 50 }],
    rightLeg: [{ fwd: 75 }, { fwd: -15 }], leftLeg: [{ fwd: -15 }, { fwd: -60 }],
  }),
  one('lie-back', 'Lying on the back', ['lying'], stand({ tilt: -90, rightArm: [{ out: 12 }, { out: 8 }], leftArm: [{ out: 12 }, { out: 8 }] }), { wide: true }),
  one('lie-side', 'Lying on the side', ['lying'], {
    tilt: -90, head: { roll: 10 },
    rightArm: [{ out: 150 }, { out: 20 }], leftArm: [{ fwd: 35 }, { fwd: 60 }],
    rightLeg: [{ fwd: 30 }, { fwd: -25 }], leftLeg: [{ fwd: 50 }, { fwd: -45 }],
  }, { wide: true }),
  one('lie-front', 'Lying face down', ['lying', 'back'], stand({ view: 180, tilt: 90, rightArm: [{ out: 150 }, { out: 160 }], leftArm: [{ out: 150 }, { out: 160 }] }), { wide: true }),
  one('jump-star', 'Star jump', ['jumping', 'front'], STAR, { lift: 0.12 }),
  one('jump-tuck', 'Tuck jump', ['jumping', 'side'], {
    view: 80, rightArm: [{ fwd: 150 }, { fwd: 160 }], leftArm: [{ fwd: 140 }, { fwd: 155 }],
    rightLeg: [{ fwd: 100 }, { fwd: -40 }], leftLeg: [{ fwd: 90 }, { fwd: -50 }],
  }, { lift: 0.2 }),
  one('jump-joy', 'Jumping for joy', ['jumping', 'three-quarter'], {
    view: 30, head: { pitch: -15 }, rightArm: [{ out: 155 }, { out: 165 }], leftArm: [{ out: 155 }, { out: 165 }],
    rightLeg: [{ fwd: -5 }, { fwd: -110 }], leftLeg: [{ fwd: 20 }, { fwd: -60 }],
  }),
  one('dance-arabesque', 'Ballet arabesque', ['dancing', 'side'], {
    view: 85, chest: { pitch: 12 }, head: { pitch: -10 },
    rightArm: [{ fwd: 100 }, { fwd: 105 }], leftArm: [{ out: 80, fwd: -20 }, { out: 85, fwd: -25 }],
    rightLeg: [{ fwd: -78 }, { fwd: -84 }], leftLeg: [{ out: 2 }, { out: 2 }],
  }),
  one('dance-disco', 'Disco point', ['dancing', 'front', 'pointing'], {
    pelvis: { roll: 8 }, chest: { roll: -6 }, head: { yaw: -25, pitch: -10 },
    rightArm: [{ out: 135 }, { out: 142 }], leftArm: [{ out: 35 }, { out: -60 }],
    rightLeg: [{ out: 4 }, { out: 4 }], leftLeg: [{ out: 12, fwd: 22 }, { out: 18, fwd: -22 }],
  }),
  one('dance-open-arms', 'Dancing, arms open', ['dancing', 'three-quarter'], {
    view: 25, chest: { roll: 8 }, head: { roll: 10, pitch: -10 },
    rightArm: [{ out: 105, fwd: 20 }, { out: 120, fwd: 25 }], leftArm: [{ out: 70, fwd: 10 }, { out: 60, fwd: 40 }],
    rightLeg: [{ out: 4 }, { out: 3 }], leftLeg: [{ out: 25, fwd: -20 }, { out: 10, fwd: -60 }],
  }),
  one('dance-hip-hop', 'Hip-hop stance', ['dancing', 'front'], {
    chest: { roll: -5 }, head: { roll: 8 },
    rightArm: [{ out: 60, fwd: 30 }, { out: -40, fwd: 60 }], leftArm: [{ out: 35 }, { out: 20, fwd: 40 }],
    rightLeg: [{ out: 30, fwd: 30 }, { out: 5, fwd: -25 }], leftLeg: [{ out: 30, fwd: 30 }, { out: 5, fwd: -25 }],
  }),
  one('fight-boxing', 'Boxing guard', ['fighting', 'three-quarter'], {
    view: 40, chest: { yaw: -12, pitch: 8 }, head: { pitch: 12 },
    rightArm: GUARD, leftArm: [{ out: 15, fwd: 55 }, { out: -20, fwd: 140 }],
    rightLeg: [{ out: 12, fwd: -16 }, { out: 4, fwd: -6 }], leftLeg: [{ out: 6, fwd: 22 }, { out: 2, fwd: -10 }],
  }),
  one('fight-punch', 'Punching', ['fighting', 'side'], {
    view: 80, chest: { pitch: 6 },
    rightArm: [{ fwd: 88 }, { fwd: 90 }], leftArm: [{ fwd: -40 }, { fwd: 85 }],
    rightLeg: [{ fwd: -30 }, { fwd: -30 }], leftLeg: [{ fwd: 35 }, { fwd: 0 }],
  }),
  one('fight-kick', 'Front kick', ['fighting', 'side'], {
    view: 80, chest: { pitch: -10 },
    rightArm: GUARD, leftArm: GUARD,
    rightLeg: [{ fwd: 95 }, { fwd: 92 }], leftLeg: [{ out: 2 }, { out: 2, fwd: -5 }],
  }),
  one('fight-sword', 'Sword stance', ['fighting', 'three-quarter'], {
    view: 45, chest: { pitch: 5 },
    rightArm: [{ out: -15, fwd: 55 }, { out: -20, fwd: 85 }], leftArm: [{ out: -10, fwd: 50 }, { out: -25, fwd: 80 }],
    rightLeg: [{ out: 8, fwd: 28 }, { out: 2, fwd: -5 }], leftLeg: [{ out: 10, fwd: -22 }, { out: 4, fwd: -10 }],
  }),
  {
    id: 'pair-handshake', name: 'Handshake', tags: ['two people', 'standing', 'greeting'], wide: true,
    people: [
      { x: -0.17, body: stand({ view: 70, rightArm: [{ fwd: 40 }, { fwd: 75 }] }) },
      { x: 0.17, body: stand({ view: -70, rightArm: [{ fwd: 40 }, { fwd: 75 }] }) },
    ],
  },
  {
    id: 'pair-hug', name: 'Hug', tags: ['two people', 'standing'], wide: true,
    people: [
      { x: 0.06, body: stand({ view: 75, head: { yaw: -20 }, rightArm: [{ out: 20, fwd: 80 }, { out: -55, fwd: 85 }], leftArm: [{ out: 20, fwd: 70 }, { out: -50, fwd: 80 }] }) },
      { x: -0.06, body: stand({ view: -75, head: { yaw: 20 }, rightArm: [{ out: 25, fwd: 65 }, { out: -50, fwd: 75 }], leftArm: [{ out: 25, fwd: 75 }, { out: -55, fwd: 80 }] }) },
    ],
  },
  {
    id: 'pair-walk', name: 'Couple walking hand in hand', tags: ['two people', 'walking'], wide: true,
    people: [
      { x: -0.16, body: { ...walk(20), leftArm: [{ out: 22, fwd: 5 }, { out: 20, fwd: 10 }] } },
      { x: 0.16, body: { ...walk(20), rightArm: [{ out: 22, fwd: 5 }, { out: 20, fwd: 10 }], rightLeg: [{ fwd: -18 }, { fwd: -42 }], leftLeg: [{ fwd: 24 }, { fwd: 6 }] } },
    ],
  },
  {
    id: 'pair-high-five', name: 'High five', tags: ['two people', 'standing', 'greeting'], wide: true,
    people: [
      { x: -0.14, body: stand({ view: 65, rightArm: [{ fwd: 120 }, { fwd: 160 }] }) },
      { x: 0.14, body: stand({ view: -65, rightArm: [{ fwd: 120 }, { fwd: 160 }] }) },
    ],
  },
];
