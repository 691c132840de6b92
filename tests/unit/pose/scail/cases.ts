// The cases SCAIL's own renderer was run on (tests/fixtures/scail): fresh random poses (seeds
// 48201-48206), each person turned in 3D (yaw and pitch from its seed, hiding nothing) so limbs pass
// behind the body, and three real-corpus files given a plausible depth. `referenceInput` writes each
// as what render_whole_flat and nlf_render_flat's joint dots read: the capsules in camera
// millimetres with their colours, and each joint's 3D point and index.
import { readFileSync } from 'node:fs';
import { importPoseJson, type PoseDocument } from '../../../../src/pose/index.js';
import { setPersonTurn } from '../../../../src/pose/depth/turnPerson.js';
import { withPlausibleDepth } from '../../../../src/pose/depth/estimateDepth.js';
import { seededRandom } from '../../../../src/pose/seededRandom.js';
import { scailCamera, scailJoints } from '../../../../src/pose/scail/camera.js';
import { scailCapsules } from '../../../../src/pose/scail/drawScail.js';
import { randomPoseDocument } from '../randomPoses.js';
import { corpusPath } from '../realpose.js';

/** One SCAIL drawing to compare: a document drawn at width x height. */
export interface ScailCase {
  name: string;
  doc: PoseDocument;
  width: number;
  height: number;
}

// Small sizes: the reference ray-marches every pixel 300 times in numpy.
const SIZES: ReadonlyArray<readonly [number, number]> = [
  [384, 384],
  [416, 240],
  [240, 416],
];

function randomCases(): ScailCase[] {
  return Array.from({ length: 6 }, (_, i) => {
    const seed = 48201 + i;
    const random = seededRandom(seed * 11);
    const base = randomPoseDocument(seed);
    const people = base.people.map((p) =>
      setPersonTurn(p, { yaw: Math.round(random() * 300 - 150), pitch: Math.round(random() * 60 - 30) }, { hideFacingAway: false }),
    );
    const [width, height] = SIZES[i % SIZES.length] ?? [384, 384];
    return { name: `random-${seed}`, doc: { ...base, people }, width, height };
  });
}

function corpusCases(): ScailCase[] {
  return ['hl_hand_fixed', 'azd_cn_two_people', 'comfy_two_people_frames'].map((name, i) => {
    const result = importPoseJson(readFileSync(corpusPath(name, '.json'), 'utf8'));
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    const doc = { ...result.document, people: result.document.people.map(withPlausibleDepth) };
    const [width, height] = SIZES[i % SIZES.length] ?? [384, 384];
    return { name: `corpus-${name}`, doc, width, height };
  });
}

/** Every case, random ones first. */
export const scailCases = (): ScailCase[] => [...randomCases(), ...corpusCases()];

/** A case as the reference script reads it: the camera, the capsules [ax, ay, az, bx, by, bz, r, g, b] and the joints [x, y, z, index]. */
export function referenceInput(c: ScailCase) {
  const joints = scailJoints(c.doc, c.width, c.height);
  const camera = scailCamera(c.width, c.height);
  return {
    name: c.name,
    width: c.width,
    height: c.height,
    camera: [camera.focal, camera.cx, camera.cy],
    capsules: scailCapsules(joints).map(({ a, b, colour }) => [a.x, a.y, a.z, b.x, b.y, b.z, ...colour]),
    joints: joints.flatMap((person) => person.flatMap((j, i) => (j ? [[j.x, j.y, j.z, i]] : []))),
  };
}
