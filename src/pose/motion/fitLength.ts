// Frame and size rules of video models: Wan makes 4k+1 frames at 16 fps, MiniMax H3 17k+5 at 24
// fps; sides go in steps of 16 or 32. A sequence is fitted to them in the open: resampled to the
// model's rate, then extended by holding its last frame or trimmed at its end, as the user chose,
// and the fit says which it did so the page can say it before anything is queued.

/** A video model's length rule: it makes `step * k + offset` frames (k >= 0), at most `maxFrames`, at `fps`. */
export interface LengthRule {
  step: number;
  offset: number;
  fps: number;
  maxFrames: number;
}

/** How the user wants a sequence of the wrong length fitted: extended by holding its last frame, or trimmed at its end. */
export type LengthFit = 'extend' | 'trim';

/** Every way of fitting, the default first. */
export const LENGTH_FITS: readonly LengthFit[] = ['extend', 'trim'];

/** A sequence fitted to a rule: the frames the model gets (source frame per output frame) and what was done to get them. */
export interface FittedLength {
  /** Source frame index for each frame sent, in order. */
  frames: number[];
  /** Frames after resampling to the rule's rate, before fitting. */
  resampled: number;
  /** What fitting did: nothing, held the last frame, or cut frames at the end. */
  how: 'exact' | 'extended' | 'trimmed';
  /** Frames added (held) or removed (cut) at the end. */
  changed: number;
  /** Set when the choice could not be followed: trimming a sequence shorter than the shortest length extends it, extending past the most frames trims it. */
  forced?: true | undefined;
}

/** The rule's lengths as a formula, e.g. "4k+1". */
export const ruleFormula = (rule: LengthRule): string => `${rule.step}k+${rule.offset}`;

/** Whether a frame count is one the rule makes. */
export const fitsRule = (frames: number, rule: LengthRule): boolean =>
  frames >= rule.offset && frames <= rule.maxFrames && (frames - rule.offset) % rule.step === 0;

/** The most frames the rule makes (its largest step * k + offset within maxFrames). */
export const longestLength = (rule: LengthRule): number => rule.offset + Math.floor(Math.max(0, rule.maxFrames - rule.offset) / rule.step) * rule.step;

/** Source frame indices of a sequence of `frames` at `fps` resampled to `toFps`: the frame showing at each new frame's time. */
export function resampleFrames(frames: number, fps: number, toFps: number): number[] {
  if (frames <= 0) return [];
  const count = Math.max(1, Math.round((frames * toFps) / fps));
  return Array.from({ length: count }, (_, i) => Math.min(frames - 1, Math.floor((i * fps) / toFps + 1e-9)));
}

function fittedCount(n: number, rule: LengthRule, fit: LengthFit): { count: number; forced: boolean } {
  const longest = longestLength(rule);
  const up = Math.min(longest, rule.offset + Math.ceil(Math.max(0, n - rule.offset) / rule.step) * rule.step);
  const down = n < rule.offset ? rule.offset : Math.min(longest, rule.offset + Math.floor((n - rule.offset) / rule.step) * rule.step);
  if (fit === 'extend') return { count: up, forced: up < n };
  return { count: down, forced: down > n };
}

/** A sequence of `frames` at `fps` fitted to a rule: resampled to its rate, then extended or trimmed at the end to a length it makes. */
export function fitSequenceLength(frames: number, fps: number, rule: LengthRule, fit: LengthFit): FittedLength {
  const resampled = resampleFrames(frames, fps, rule.fps);
  const n = resampled.length;
  const { count, forced } = fittedCount(n, rule, fit);
  const last = resampled[n - 1] ?? 0;
  const out = Array.from({ length: count }, (_, i) => resampled[i] ?? last);
  const how = count === n ? 'exact' : count > n ? 'extended' : 'trimmed';
  return { frames: out, resampled: n, how, changed: Math.abs(count - n), ...(forced ? { forced: true as const } : {}) };
}

/** A video model's size rule: both sides in steps of `step` pixels, and where it has one, the short side it was trained at. */
export interface SizeRule {
  step: number;
  shortSide?: number | undefined;
}

/** A frame size fitted to a size rule, shape kept as near as the steps allow: the short side set where the rule has one, each side rounded to the step. */
export function fitFrameSize(width: number, height: number, rule: SizeRule): { width: number; height: number } {
  const scale = rule.shortSide ? rule.shortSide / Math.min(width, height) : 1;
  const side = (v: number) => Math.max(rule.step, Math.round((v * scale) / rule.step) * rule.step);
  return { width: side(width), height: side(height) };
}
