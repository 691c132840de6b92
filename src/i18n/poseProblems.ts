import i18n from 'i18next';
import { ENGLISH_POSE_PROBLEMS, sayPoseProblem, type PoseProblem, type PoseProblemTexts } from '../pose';
import { zhPoseProblems } from './poseProblems.zh';

// The pose library says its problems in English (the CLI and the server use that); the interface
// languages other than English give theirs here, and an unknown language falls back to English.
const TEXTS: Readonly<Record<string, PoseProblemTexts>> = { en: ENGLISH_POSE_PROBLEMS, zh: zhPoseProblems };

/** A pose file's or skeleton image's problem said in the interface language (the current one unless given). */
export function poseProblemText(problem: PoseProblem, language = i18n.resolvedLanguage): string {
  return sayPoseProblem(TEXTS[language ?? 'en'] ?? ENGLISH_POSE_PROBLEMS, problem);
}
