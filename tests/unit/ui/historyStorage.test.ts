// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createScene, type Scene } from '../../../src/editor/model/scene';
import { createDefaultPoseDocument } from '../../../src/pose/index.js';
import { HISTORY_STORAGE_CHARS, readDocument, writeHistory } from '../../../src/ui/stores/documentPersistence';

// The pose as a scene holds it (with its figures' ids), so its stored size is known.
const pose = createScene(createDefaultPoseDocument(400, 600)).pose;
const poseChars = JSON.stringify(pose).length;

// A step with its own reference image, padded so that the step's pose and image take `chars` characters together.
function stepWithImage(n: number, chars: number): Scene {
  const head = `data:image/png;base64,${n}-`;
  return createScene(pose, { image: head + 'A'.repeat(chars - poseChars - head.length), opacity: 0.5 });
}

describe('the stored undo history', () => {
  beforeEach(() => localStorage.clear());

  it('never takes more than its storage bound, and keeps the newest steps that fit', () => {
    // 200 steps of exactly a hundredth of the bound each (pose and image): a hundred would fill it to the character.
    const past = Array.from({ length: 200 }, (_, n) => stepWithImage(n, HISTORY_STORAGE_CHARS / 100));
    writeHistory({ past, future: [] });
    const stored = localStorage.getItem('posecraft.history')!;
    expect(stored.length).toBeLessThanOrEqual(HISTORY_STORAGE_CHARS);
    const read = readDocument().history.past;
    expect(read.length).toBeGreaterThanOrEqual(95);
    // The steps kept are the newest, in order: undo reaches the last edit first.
    expect(read.map((s) => s.reference.image)).toEqual(past.slice(-read.length).map((s) => s.reference.image));
  });

  it('stores an image shared by many steps once', () => {
    const image = `data:image/png;base64,${'B'.repeat(100_000)}`;
    const past = Array.from({ length: 50 }, () => createScene(pose, { image, opacity: 0.3 }));
    writeHistory({ past, future: [createScene(pose, { image, opacity: 0.7 })] });
    expect(localStorage.getItem('posecraft.history')!.length).toBeLessThan(image.length + 60 * (poseChars + 60));
    const { history } = readDocument();
    expect(history.past).toHaveLength(50);
    expect(history.past[49]!.reference).toEqual({ image, opacity: 0.3 });
    expect(history.future[0]!.reference).toEqual({ image, opacity: 0.7 });
  });
});
