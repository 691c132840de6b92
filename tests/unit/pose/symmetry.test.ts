import { describe, expect, it } from 'vitest';
import {
  attachDefaultFace,
  attachDefaultHand,
  BODY,
  BODY_MIRROR,
  bodyAxis,
  createDefaultPerson,
  FACE_MIRROR,
  faceAxis,
  mirrorPersonSide,
  moveSymmetric,
  reflectAcross,
  rotatePerson,
  type Person,
} from '../../../src/pose/index.js';

const person = (): Person => createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });
const close = (a: { x: number; y: number }, b: { x: number; y: number }, digits = 9) => {
  expect(a.x).toBeCloseTo(b.x, digits);
  expect(a.y).toBeCloseTo(b.y, digits);
};

describe('mirror axis and reflection', () => {
  it('reflects across a vertical and a tilted line', () => {
    close(reflectAcross({ x: 10, y: 5 }, { origin: { x: 0, y: 0 }, direction: { x: 0, y: 1 } }), { x: -10, y: 5 });
    const diagonal = { origin: { x: 0, y: 0 }, direction: { x: Math.SQRT1_2, y: Math.SQRT1_2 } };
    close(reflectAcross({ x: 3, y: 0 }, diagonal), { x: 0, y: 3 });
  });

  it('takes the body axis through the neck and mid-hip, and a vertical through the neck without hips', () => {
    const p = person();
    const axis = bodyAxis(p.body);
    close(axis.origin, p.body[BODY.neck]!);
    expect(axis.direction.x).toBeCloseTo(0, 9);
    const noHips = p.body.map((k, i) => (i === BODY.left_hip ? { ...k, visible: false } : k));
    expect(bodyAxis(noHips).direction).toEqual({ x: 0, y: 1 });
  });

  it('the default face is nearly its own mirror image across its axis (an average real face, within 1.5 px here)', () => {
    const face = attachDefaultFace(person()).face!;
    const axis = faceAxis(face);
    FACE_MIRROR.forEach((partner, i) => {
      const r = reflectAcross(face[i]!, axis);
      expect(Math.hypot(r.x - face[partner]!.x, r.y - face[partner]!.y)).toBeLessThan(1.5);
    });
  });
});

describe('symmetric moves', () => {
  it('moves the opposite joint to the mirror position', () => {
    const p = rotatePerson(person(), 0.3);
    const axis = bodyAxis(p.body);
    const to = { x: 50, y: 260 };
    const body = moveSymmetric(p.body, BODY.right_elbow, to, BODY_MIRROR, axis);
    close(body[BODY.right_elbow]!, to);
    close(body[BODY.left_elbow]!, reflectAcross(to, axis));
    expect(body[BODY.right_knee]).toBe(p.body[BODY.right_knee]);
  });

  it('moves a joint on the axis alone', () => {
    const p = person();
    const body = moveSymmetric(p.body, BODY.nose, { x: 210, y: 90 }, BODY_MIRROR, bodyAxis(p.body));
    expect(body.filter((k, i) => k !== p.body[i])).toHaveLength(1);
  });
});

describe('mirroring one side onto the other', () => {
  it('copies the left arm, leg, eye and ear onto the right, reflected', () => {
    const raised = person();
    raised.body[BODY.left_wrist] = { x: 300, y: 100, visible: true };
    const m = mirrorPersonSide(raised, 'left');
    const axis = bodyAxis(raised.body);
    close(m.body[BODY.right_wrist]!, reflectAcross(raised.body[BODY.left_wrist]!, axis));
    expect(m.body[BODY.left_wrist]).toEqual(raised.body[BODY.left_wrist]);
    expect(m.body[BODY.neck]).toEqual(raised.body[BODY.neck]);
  });

  it('reflects the source hand onto the other side and half the face', () => {
    const p = attachDefaultFace(attachDefaultHand(person(), 'right'));
    const m = mirrorPersonSide(p, 'right');
    expect(m.leftHand).toHaveLength(21);
    close(m.leftHand![0]!, reflectAcross(p.rightHand![0]!, bodyAxis(p.body)));
    // Jaw point 0 is on the person's right; its partner 16 becomes its reflection.
    close(m.face![16]!, reflectAcross(p.face![0]!, faceAxis(p.face!)));
    expect(m.rightHand).toBe(p.rightHand);
  });

  it('keeps the target hand when the source side has none', () => {
    const p = attachDefaultHand(person(), 'left');
    expect(mirrorPersonSide(p, 'right').leftHand).toBe(p.leftHand);
  });
});
