// Prints how right the skeleton reader is on random drawings it was not tuned on (randomPoses.ts):
// for each seed given, the ten drawings from it, as the slow random test scores them. Run:
// npx tsx bench/readerSeeds.ts <seed> [<seed>...]
import { readSkeleton } from '../src/pose/fromPng/poseFromPng';
import { drawDocument, randomPoseDocument } from '../tests/unit/pose/randomPoses';
import { addScores, describePart, emptyScore, scoreReading, type ReadingScore } from '../tests/unit/pose/readingScore';

const DRAWINGS = 10;

const share = ({ body, hands }: ReadingScore) => (100 * (body.right + hands.right)) / Math.max(1, body.reported + hands.reported);
const describe = (score: ReadingScore) => `all points ${share(score).toFixed(1)}% | body ${describePart(score.body)} | hands ${describePart(score.hands)}`;

let all = emptyScore();
for (const seed of process.argv.slice(2).map(Number)) {
  let set = emptyScore();
  for (let n = 0; n < DRAWINGS; n++) {
    const truth = randomPoseDocument(seed + n);
    set = addScores(set, scoreReading(truth, readSkeleton(drawDocument(truth)).pose));
  }
  all = addScores(all, set);
  console.log(`seed ${seed}: ${describe(set)}`);
}
console.log(`all sets: ${describe(all)}`);
