import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createDefaultPoseDocument,
  hideWholeFigure,
  parsePoseJson,
  rasterizeOpenPose,
  showWholeFigure,
  stringifyPoseDocument,
  toOpenPoseJson,
  withFigureIds,
  type PoseDocument,
} from '../../../src/pose/index.js';
import { createScene } from '../../../src/editor/model/scene';

const raster = (doc: PoseDocument) => {
  const image = { width: doc.canvas_width, height: doc.canvas_height, data: new Uint8ClampedArray(doc.canvas_width * doc.canvas_height * 4) };
  rasterizeOpenPose(doc, image);
  return image.data;
};

const twoPeople = (): PoseDocument => {
  const doc = createDefaultPoseDocument(400, 600);
  doc.people.push(createDefaultPoseDocument(400, 600).people[0]!);
  return withFigureIds(doc);
};

describe('figure info in files', () => {
  it("a pose nobody named, locked or pinned is written exactly as ControlNet's tools write it", () => {
    const json = toOpenPoseJson(twoPeople());
    expect(Object.keys(json).sort()).toEqual(['animals', 'canvas_height', 'canvas_width', 'people']);
  });

  it('names, locks, pins and the hidden-points memory go out under one extra key and come back with their ids', () => {
    const doc = twoPeople();
    doc.people[0] = { ...doc.people[0]!, figure: { ...doc.people[0]!.figure!, name: 'Ann', pins: [10, 13] } };
    doc.people[1] = hideWholeFigure({ ...doc.people[1]!, figure: { ...doc.people[1]!.figure!, locked: true } });
    const read = parsePoseJson(stringifyPoseDocument(doc));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.document.people.map((p) => p.figure)).toEqual(doc.people.map((p) => p.figure));
    // ControlNet reads the same points: the drawing is the same with the key and without it.
    const without = JSON.parse(stringifyPoseDocument(doc)) as Record<string, unknown>;
    delete without.posecraft_figures;
    const plain = parsePoseJson(without);
    expect(plain.ok && Buffer.compare(Buffer.from(raster(plain.document)), Buffer.from(raster(read.document)))).toBe(0);
  });

  it('figure info that is not what Posecraft writes is made valid or left out, never refused', () => {
    const doc = JSON.parse(stringifyPoseDocument(twoPeople())) as Record<string, unknown>;
    doc.posecraft_figures = {
      people: [{ id: '<script>', name: `  ${'x'.repeat(200)} `, locked: 'yes', pins: [3, 3, -1, 99, 'x'] }, 'nonsense'],
      animals: [],
    };
    const read = parsePoseJson(doc);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const [first, second] = read.document.people;
    expect(first!.figure).toEqual({ id: '', name: 'x'.repeat(80), pins: [3] });
    expect(second!.figure).toBeUndefined();
    // The scene gives every figure a usable id.
    const ids = createScene(read.document).pose.people.map((p) => p.figure?.id);
    expect(ids.every((id) => /^[0-9a-z]{12}$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('a list of figure info that does not match the people one for one is ignored', () => {
    const doc = JSON.parse(stringifyPoseDocument(twoPeople())) as Record<string, unknown>;
    doc.posecraft_figures = { people: [{ id: 'a', name: 'Only one' }], animals: [] };
    const read = parsePoseJson(doc);
    expect(read.ok && read.document.people.map((p) => p.figure)).toEqual([undefined, undefined]);
  });

  it('a pose saved before figure records (a library entry, a stored prompt) loads, each figure with a new id', () => {
    const read = parsePoseJson(fs.readFileSync('tests/fixtures/editor/sd-webui-openpose-editor.json', 'utf8'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const scene = createScene(read.document);
    const ids = [...scene.pose.people, ...scene.pose.animals].map((f) => f.figure?.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(scene.pose.people.every((p) => !p.figure?.name && !p.figure?.locked && !p.figure?.pins)).toBe(true);
  });

  it('showing a figure hidden as a whole brings back exactly the points shown before, even ones cropped off the canvas', () => {
    const [person] = createDefaultPoseDocument(400, 600).people;
    const earHidden = { ...person!, body: person!.body.map((k, i) => (i === 16 ? { ...k, visible: false } : i === 0 ? { ...k, x: -5 } : k)) };
    const back = showWholeFigure(hideWholeFigure(earHidden));
    expect(back.body.map((k) => k.visible)).toEqual(earHidden.body.map((k) => k.visible));
    expect(back.figure?.shownBeforeHide).toBeUndefined();
  });
});
