import { attachDefaultFace, attachDefaultHand, createDefaultPerson, toOpenPoseJson, type OpenPoseJson, type PoseDocument } from '../../src/pose/index';

/**
 * An abusive but valid prompt: 100 people with hands and faces on a side x side canvas,
 * each with wrists and ankles flung `reach` canvas widths out (long limbs), so every figure is
 * drawn across the whole image.
 */
export function longLimbedCrowd(side = 1024, reach = 2.9): PoseDocument {
  const people = Array.from({ length: 100 }, (_, i) => {
    const centre = { x: ((i % 10) + 0.5) * (side / 10), y: (Math.floor(i / 10) + 0.5) * (side / 10) };
    const person = attachDefaultFace(attachDefaultHand(attachDefaultHand(createDefaultPerson({ centre, height: side / 4 }), 'left'), 'right'));
    const far = side * reach;
    const fling = (index: number, dx: number, dy: number) => {
      person.body[index] = { x: centre.x + dx * far, y: centre.y + dy * far, visible: true };
    };
    const turn = (i * 2 * Math.PI) / 100;
    fling(4, -Math.cos(turn), -Math.sin(turn)); // right wrist
    fling(7, Math.cos(turn), Math.sin(turn)); // left wrist
    fling(10, -Math.sin(turn), Math.cos(turn)); // right ankle
    fling(13, Math.sin(turn), -Math.cos(turn)); // left ankle
    return person;
  });
  return { canvas_width: side, canvas_height: side, people, animals: [] };
}

/** The same crowd as people JSON, as a client sends it. */
export function longLimbedCrowdJson(side = 1024, reach = 2.9): OpenPoseJson {
  return toOpenPoseJson(longLimbedCrowd(side, reach));
}
