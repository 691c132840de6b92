import type { PoseProblem } from '../problems.js';
import { poseProblemMessage } from '../problemsEnglish.js';

/** A pose file problem found while reading; caught inside the parser and never thrown out of it. Its message is the problem in English. */
export class InvalidPoseJson extends Error {
  constructor(
    readonly problem: PoseProblem,
    readonly path = 'path' in problem.values ? problem.values.path : '',
  ) {
    super(poseProblemMessage(problem));
  }
}
