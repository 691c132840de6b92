// The cases Wan Animate's own drawing code was run on (tests/fixtures/wanAnimate): fresh random
// poses (seeds 48001-48012, with feet and some hidden points, drawn at their canvas size and at
// Wan's sizes) and the real pose corpus's drawable files. `referenceInput` writes each as the
// points DrawViTPose's draw_aapose_new reads (output pixels, confidence 1 or 0), so the Python side
// draws exactly what our renderer is given.
import { readFileSync } from 'node:fs';
import { attachDefaultFeet, importPoseJson, type Keypoint, type Person, type PoseDocument } from '../../../../src/pose/index.js';
import { seededRandom } from '../../../../src/pose/seededRandom.js';
import { projectionFor } from '../../../../src/pose/render/projection.js';
import { wanBodyPoints } from '../../../../src/pose/wanAnimate/points.js';
import { randomPoseDocument } from '../randomPoses.js';
import { corpusEntries, corpusPath } from '../realpose.js';

/** One drawing to compare: a document drawn at width x height. */
export interface WanCase {
  name: string;
  doc: PoseDocument;
  width: number;
  height: number;
}

// Output sizes: the canvas itself, Wan's 832x480 and 480x832 (stick 1), 1280x720 (stick 2, hands
// 1) and 1024x1024 (stick 4, hands 2).
const SIZES: ReadonlyArray<readonly [number, number] | null> = [null, [832, 480], [480, 832], [1280, 720], [1024, 1024]];

function withFeetAndHiding(person: Person, random: () => number): Person {
  const hide = (k: Keypoint): Keypoint => (random() < 0.08 ? { ...k, visible: false } : k);
  const withFeet = random() < 0.8 ? attachDefaultFeet(person) : person;
  return { ...withFeet, body: withFeet.body.map(hide), feet: withFeet.feet?.map(hide), leftHand: withFeet.leftHand?.map(hide) };
}

function randomCases(): WanCase[] {
  return Array.from({ length: 12 }, (_, i) => {
    const seed = 48001 + i;
    const random = seededRandom(seed * 7);
    const base = randomPoseDocument(seed);
    const doc = { ...base, people: base.people.map((p) => withFeetAndHiding(p, random)) };
    const size = SIZES[i % SIZES.length] ?? null;
    return { name: `random-${seed}`, doc, width: size?.[0] ?? doc.canvas_width, height: size?.[1] ?? doc.canvas_height };
  });
}

function corpusCases(): WanCase[] {
  return corpusEntries()
    .filter((e) => e.mode !== 'import')
    .flatMap((e) => {
      const result = importPoseJson(readFileSync(corpusPath(e.name, '.json'), 'utf8'));
      if (!result.ok || result.document.people.length === 0) return [];
      const doc = result.document;
      return [{ name: `corpus-${e.name}`, doc, width: doc.canvas_width, height: doc.canvas_height }];
    });
}

/** Every case, random ones first. */
export const wanCases = (): WanCase[] => [...randomCases(), ...corpusCases()];

type Triple = [number, number, number];

/** A case as the reference script reads it: per person the 20 body points and both hands in output pixels, [x, y, confidence]. */
export function referenceInput(c: WanCase) {
  const p = projectionFor(c.doc, c.width, c.height);
  const triple = (k: Keypoint): Triple => [p.personX(k.x), p.personY(k.y), k.visible ? 1 : 0];
  return {
    name: c.name,
    width: c.width,
    height: c.height,
    people: c.doc.people.map((person) => ({
      body: wanBodyPoints(person).map(triple),
      leftHand: person.leftHand?.map(triple) ?? null,
      rightHand: person.rightHand?.map(triple) ?? null,
    })),
  };
}
