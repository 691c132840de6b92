// `npm run pose-from-png -- <in.png> <out.json>`: reads an OpenPose skeleton image back into an
// editable pose file (ControlNet's people JSON, pixels of the image).
import { readFile, writeFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { HAND_KEYPOINT_COUNT } from '../../src/pose/handTopology.js';
import { readImageHeader } from '../../src/pose/imageHeader.js';
import { isOnBlack } from '../../src/pose/fromPng/onBlack.js';
import { noOneReadProblem, readSkeleton, skeletonSizeProblem, type UncertainHand } from '../../src/pose/fromPng/poseFromPng.js';
import { poseProblemMessage } from '../../src/pose/problemsEnglish.js';
import { stringifyPoseDocument } from '../../src/pose/json/serializePoseDocument.js';

const USAGE = 'usage: npm run pose-from-png -- <in.png> <out.json>';

// Why the bytes cannot be read as a skeleton PNG, from the signature and the header's size (before decoding any pixels); null when they may.
function notReadable(bytes: Buffer): string | null {
  const header = readImageHeader(bytes);
  if (header?.type === 'image/jpeg' || header?.type === 'image/webp')
    return `it is a ${header.type === 'image/jpeg' ? 'JPEG' : 'WebP'} file; this command reads PNG files (the editor's Import skeleton PNG also takes JPEG and WebP)`;
  if (!header) return 'it is not a PNG file (no PNG signature)';
  const problem = skeletonSizeProblem(header.width, header.height);
  return problem && poseProblemMessage(problem);
}

const visiblePoints = (doc: ReturnType<typeof readSkeleton>['pose']): number =>
  [...doc.people.flatMap((p) => [p.body, p.feet, p.leftHand, p.rightHand, p.face]), ...doc.animals.map((a) => a.keypoints)].reduce(
    (n, part) => n + (part?.filter((k) => k.visible).length ?? 0),
    0,
  );
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// People are counted from 1, as a person reads them.
const describeHand = ({ person, side, hidden }: UncertainHand): string =>
  `person ${person + 1} ${side} hand (${hidden === HAND_KEYPOINT_COUNT ? 'all' : hidden} of ${HAND_KEYPOINT_COUNT} points hidden)`;

/** Reads one skeleton PNG and writes its pose; returns the process exit code. */
export async function poseFromPngFile(inputPath: string, outputPath: string): Promise<number> {
  let png: PNG;
  try {
    const bytes = await readFile(inputPath);
    const refusal = notReadable(bytes);
    if (refusal) throw new Error(refusal);
    png = PNG.sync.read(bytes);
  } catch (e) {
    process.stderr.write(`pose-from-png: cannot read ${inputPath} as a PNG: ${(e as Error).message}\n`);
    return 1;
  }
  const image = { width: png.width, height: png.height, data: png.data };
  if (!isOnBlack(image)) {
    process.stderr.write(`pose-from-png: ${inputPath}: ${poseProblemMessage({ code: 'notSkeleton', values: {} })} (it is not mostly black: a photo?)\n`);
    return 1;
  }
  const { pose: doc, uncertainHands } = readSkeleton(image);
  if (visiblePoints(doc) === 0) {
    process.stderr.write(`pose-from-png: ${inputPath}: ${poseProblemMessage(noOneReadProblem(image))}\n`);
    return 1;
  }
  try {
    await writeFile(outputPath, `${stringifyPoseDocument(doc, 2)}\n`);
  } catch (e) {
    process.stderr.write(`pose-from-png: cannot write ${outputPath}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stdout.write(
    `pose-from-png: wrote ${outputPath} (${png.width}x${png.height}, ${counted(doc.people.length, 'person', 'people')}${doc.animals.length ? `, ${counted(doc.animals.length, 'animal', 'animals')}` : ''}, ${visiblePoints(doc)} points)\n`,
  );
  if (uncertainHands.length > 0)
    process.stdout.write(
      `pose-from-png: hands not read for sure, left hidden where the drawing does not tell: ${uncertainHands.map(describeHand).join('; ')}\n`,
    );
  return 0;
}

async function main(args: string[]): Promise<number> {
  const files = args.filter((a) => a !== '--');
  const [input, output] = files;
  if (files.length !== 2 || !input || !output) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return poseFromPngFile(input, output);
}

process.exitCode = await main(process.argv.slice(2));
