import { attachDefaultFace, attachDefaultHand, createDefaultAnimal, createDefaultPerson, type Person, type PoseDocument } from '../../../src/pose/index.js';
import { setLocked } from '../../../src/editor/model/entities';
import { createScene, type Scene } from '../../../src/editor/model/scene';

/** A standing person with both hands and a face, centred at x. */
export function fullPerson(x = 200): Person {
  const body = createDefaultPerson({ centre: { x, y: 300 }, height: 440 });
  return attachDefaultFace(attachDefaultHand(attachDefaultHand(body, 'left'), 'right'));
}

/** Two people (the second locked) and an animal on the product's 400 x 600 canvas. */
export function sampleScene(): Scene {
  return setLocked(
    createScene({
      canvas_width: 400,
      canvas_height: 600,
      people: [fullPerson(120), createDefaultPerson({ centre: { x: 300, y: 300 }, height: 300 })],
      animals: [createDefaultAnimal({ centre: { x: 200, y: 520 }, height: 80 })],
    }),
    [{ kind: 'person', index: 1 }],
    true,
  );
}

/** Each figure's lock flag, list for list (what the people list shows). */
export function locksOf(scene: Scene): { people: boolean[]; animals: boolean[] } {
  return { people: scene.pose.people.map((p) => p.figure?.locked === true), animals: scene.pose.animals.map((a) => a.figure?.locked === true) };
}

/** Each figure's name ('' for none), list for list. */
export function namesOf(scene: Scene): { people: string[]; animals: string[] } {
  return { people: scene.pose.people.map((p) => p.figure?.name ?? ''), animals: scene.pose.animals.map((a) => a.figure?.name ?? '') };
}

/** The document without its figures' info (ids, names, locks), to compare points and canvas alone. */
export function withoutFigureInfo(doc: PoseDocument): PoseDocument {
  const strip = <F extends { figure?: unknown }>({ figure: _figure, ...rest }: F) => rest;
  return { ...doc, people: doc.people.map(strip) as PoseDocument['people'], animals: doc.animals.map(strip) as PoseDocument['animals'] };
}
