import type { Keypoint, Person } from '../types.js';

/** The parts of a person that carry points, each its own list. */
export const PERSON_PARTS = ['body', 'leftHand', 'rightHand', 'face', 'feet'] as const;

/** One of a person's point lists. */
export type PersonPart = (typeof PERSON_PARTS)[number];

const partHasDepth = (points: readonly Keypoint[] | undefined) => !!points?.some((p) => p.z !== undefined);

/** Whether any point of the person carries a depth. */
export const personHasDepth = (person: Person): boolean => PERSON_PARTS.some((part) => partHasDepth(person[part]));
