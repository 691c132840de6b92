import { attachDefaultFace, attachDefaultHand, createDefaultAnimal, createDefaultPerson, type Person } from '../../../src/pose/index.js';
import { createScene, type Scene } from '../../../src/editor/model/scene';

/** A standing person with both hands and a face, centred at x. */
export function fullPerson(x = 200): Person {
  const body = createDefaultPerson({ centre: { x, y: 300 }, height: 440 });
  return attachDefaultFace(attachDefaultHand(attachDefaultHand(body, 'left'), 'right'));
}

/** Two people (the second locked) and an animal on the product's 400 x 600 canvas. */
export function sampleScene(): Scene {
  return createScene(
    {
      canvas_width: 400,
      canvas_height: 600,
      people: [fullPerson(120), createDefaultPerson({ centre: { x: 300, y: 300 }, height: 300 })],
      animals: [createDefaultAnimal({ centre: { x: 200, y: 520 }, height: 80 })],
    },
    { people: [false, true] },
  );
}
