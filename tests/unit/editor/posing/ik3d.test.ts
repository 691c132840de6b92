import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY, setPersonTurn, type Keypoint } from '../../../../src/pose/index.js';
import { personFigure, type Figure } from '../../../../src/editor/posing/figure';
import { boneLength3d, pivot3 } from '../../../../src/editor/posing/foreshorten';
import { dragJoint } from '../../../../src/editor/posing/pose';
import { chainEndingAt, ROOT, skeletonOf } from '../../../../src/editor/posing/skeleton';
import { fullPerson } from '../scenes';
import { dist } from './helpers';

const PERSON = skeletonOf('person');
const ENDS = [BODY.right_wrist, BODY.left_wrist, BODY.right_ankle, BODY.left_ankle, BODY.nose];
const BONES = PERSON.parent.flatMap((p, j) => (p === ROOT ? [] : [j]));
const d3 = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y, (a.z ?? 0) - (b.z ?? 0));

/** A standing person turned in 3D (so every point has depth and many bones are foreshortened), as a working figure. */
const turnedPerson = (yaw: number, pitch: number): Figure => personFigure(setPersonTurn(fullPerson(200), { yaw, pitch }));

const turns = fc.record({ yaw: fc.integer({ min: -170, max: 170 }), pitch: fc.integer({ min: -60, max: 60 }) });
// Where in the chain's 3D reach the target lies (0: as near as the bones allow, 1: fully stretched), and in which direction.
const placeInReach = fc.record({ at: fc.double({ min: 0.02, max: 0.98, noNaN: true }), angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) });

function chainReach(figure: Figure, end: number) {
  const chain = chainEndingAt(PERSON, end)!;
  const lengths = chain.slice(1).map((j) => boneLength3d(PERSON, figure.body, j));
  const drawn = chain.slice(1).map((j, i) => dist(figure.body[chain[i]!]!, figure.body[j]!));
  const near = lengths.length === 2 ? Math.abs(drawn[0]! - drawn[1]!) : 0;
  return { chain, near, far: lengths.reduce((s, l) => s + l, 0) };
}

describe('IK of a person with depth', () => {
  it('keeps every 3D bone length (1e-6) and puts the end on any target within the chain’s 3D reach', () => {
    fc.assert(
      fc.property(turns, fc.constantFrom(...ENDS), placeInReach, (turn, end, place) => {
        const before = turnedPerson(turn.yaw, turn.pitch);
        const { chain, near, far } = chainReach(before, end);
        const root = before.body[chain[0]!]!;
        const r = near + (far - near) * place.at;
        const target = { x: root.x + r * Math.cos(place.angle), y: root.y + r * Math.sin(place.angle) };
        const after = dragJoint(before, PERSON, end, target, []);
        for (const j of BONES) expect(Math.abs(boneLength3d(PERSON, after.body, j) - boneLength3d(PERSON, before.body, j))).toBeLessThan(1e-6);
        expect(dist(after.body[end]!, target)).toBeLessThan(1e-6);
      }),
    );
  });

  it('keeps each bone’s depth side, and changes no depth while the drawn chain reaches', () => {
    fc.assert(
      fc.property(turns, fc.constantFrom(BODY.right_wrist, BODY.left_wrist, BODY.right_ankle, BODY.left_ankle), placeInReach, (turn, end, place) => {
        const before = turnedPerson(turn.yaw, turn.pitch);
        const { chain, far } = chainReach(before, end);
        const root = before.body[chain[0]!]!;
        const target = { x: root.x + far * place.at * Math.cos(place.angle), y: root.y + far * place.at * Math.sin(place.angle) };
        const after = dragJoint(before, PERSON, end, target, []);
        const dz = (f: Figure, j: number) => (f.body[j]!.z ?? 0) - pivot3(PERSON, f.body, j).z;
        for (const j of chain.slice(1)) expect(Math.sign(dz(after, j)) * Math.sign(dz(before, j))).toBeGreaterThanOrEqual(0);
        const drawnReach = chain.slice(1).reduce((s, j, i) => s + dist(before.body[chain[i]!]!, before.body[j]!), 0);
        if (far * place.at <= drawnReach) for (const j of chain) expect(after.body[j]!.z).toBeCloseTo(before.body[j]!.z!, 9);
      }),
    );
  });

  it('straightens a foreshortened arm pulled past its drawn reach: the wrist lands where the 3D lengths allow, the hand riding on it in 3D', () => {
    const before = turnedPerson(0, 70);
    const [shoulder, wrist] = [before.body[BODY.right_shoulder]!, before.body[BODY.right_wrist]!];
    const far = boneLength3d(PERSON, before.body, BODY.right_elbow) + boneLength3d(PERSON, before.body, BODY.right_wrist);
    const drawn = dist(shoulder, before.body[BODY.right_elbow]!) + dist(before.body[BODY.right_elbow]!, wrist);
    expect(drawn).toBeLessThan(far * 0.6);
    const target = { x: shoulder.x, y: shoulder.y + far * 0.95 };
    const after = dragJoint(before, PERSON, BODY.right_wrist, target, []);
    expect(dist(after.body[BODY.right_wrist]!, target)).toBeLessThan(1e-6);
    const hand = (f: Figure) => f.carried.find((c) => c.key === 'rightHand')!.points;
    for (const [i, p] of hand(before).entries())
      expect(d3(hand(after)[i]!, after.body[BODY.right_wrist]!)).toBeCloseTo(d3(p, before.body[BODY.right_wrist]!), 9);
  });
});
