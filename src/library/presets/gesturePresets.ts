// The built-in hand gestures as finger joint angles (data table); see build/handShape.ts for the units.
import type { GesturePresetSpec } from '../build/gesturePreset.js';
import type { FingerFlex, HandPose, ThumbPose } from '../build/handShape.js';

const STRAIGHT: FingerFlex = [0, 0, 0];
const CURLED: FingerFlex = [88, 100, 60];
const THUMB_OUT: ThumbPose = [[34, 0], [26, 0], [20, 0]];
const THUMB_WIDE: ThumbPose = [[48, 0], [44, 0], [40, 0]];
const THUMB_BESIDE: ThumbPose = [[26, 0], [12, 0], [8, 0]];
const THUMB_FOLDED: ThumbPose = [[40, 25], [-15, 50], [-55, 45]];
const THUMB_OVER_FIST: ThumbPose = [[35, 30], [-5, 55], [-45, 55]];

const fingers = (index: FingerFlex, middle: FingerFlex, ring: FingerFlex, little: FingerFlex) => ({ index, middle, ring, little });
const gesture = (id: string, name: string, tags: string[], hand: HandPose, forearm?: number): GesturePresetSpec => ({ id, name, tags, hand, forearm });

/** Every built-in hand gesture, as joint angles. */
export const GESTURE_PRESET_SPECS: readonly GesturePresetSpec[] = [
  gesture('hand-open', 'Open hand', ['open'], { ...fingers(STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT), spread: 6, thumb: THUMB_WIDE }),
  gesture('hand-relaxed', 'Relaxed hand', ['relaxed'], { ...fingers([18, 22, 12], [22, 26, 14], [26, 30, 16], [30, 34, 18]), thumb: [[30, 12], [18, 18], [12, 18]] }, 90),
  gesture('hand-stop', 'Stop, palm out', ['open'], { ...fingers(STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT), spread: -6, thumb: THUMB_BESIDE }),
  gesture('hand-fist', 'Fist', ['fist', 'fighting'], { ...fingers(CURLED, CURLED, CURLED, CURLED), thumb: THUMB_OVER_FIST, turn: 60 }),
  gesture('hand-point', 'Pointing', ['pointing'], { ...fingers(STRAIGHT, CURLED, CURLED, CURLED), thumb: THUMB_OVER_FIST, turn: 55 }, -30),
  gesture('hand-peace', 'Peace sign', ['counting'], { ...fingers(STRAIGHT, STRAIGHT, CURLED, CURLED), spread: 25, thumb: THUMB_FOLDED }),
  gesture('hand-thumbs-up', 'Thumbs up', ['approval'], { ...fingers(CURLED, CURLED, CURLED, CURLED), thumb: [[60, 10], [84, 0], [90, 0]], turn: 60 }, 180),
  gesture('hand-ok', 'OK sign', ['approval'], { ...fingers([48, 62, 40], [8, 8, 5], [12, 10, 5], [18, 12, 6]), spread: 8, thumb: [[5, 32], [-4, 48], [-14, 52]] }),
  gesture('hand-pinch', 'Pinch', ['holding'], { ...fingers([55, 60, 30], [70, 80, 50], [80, 90, 55], [85, 95, 60]), thumb: [[5, 40], [-4, 55], [-14, 58]], turn: 20 }, -20),
  gesture('hand-claw', 'Claw', ['fighting'], { ...fingers([20, 70, 50], [20, 70, 50], [22, 70, 50], [25, 70, 50]), spread: 12, thumb: [[42, 18], [32, 35], [15, 45]], turn: 25 }),
  gesture('hand-cup', 'Holding a cup', ['holding'], { ...fingers([35, 45, 30], [38, 48, 30], [42, 50, 32], [48, 55, 35]), spread: -4, thumb: [[45, 30], [28, 40], [10, 40]], turn: 65 }, -10),
  gesture('hand-sword', 'Sword grip', ['holding', 'fighting'], { ...fingers([75, 85, 40], [80, 88, 42], [84, 90, 45], [88, 95, 48]), thumb: [[40, 35], [5, 50], [-25, 45]], turn: 60 }, -20),
  gesture('hand-wave', 'Waving', ['greeting', 'open'], { ...fingers([4, 4, 2], [4, 4, 2], [6, 5, 3], [8, 6, 4]), spread: 10, thumb: THUMB_OUT }, -70),
  gesture('hand-rock', 'Rock on', ['music'], { ...fingers(STRAIGHT, CURLED, CURLED, STRAIGHT), spread: 6, thumb: THUMB_FOLDED }),
  gesture('hand-call', 'Call me', ['greeting'], { ...fingers(CURLED, CURLED, CURLED, STRAIGHT), spread: 14, thumb: [[70, 0], [75, 0], [78, 0]] }),
  gesture('count-1', 'Counting: one', ['counting'], { ...fingers(STRAIGHT, CURLED, CURLED, CURLED), thumb: THUMB_FOLDED }),
  gesture('count-2', 'Counting: two', ['counting'], { ...fingers(STRAIGHT, STRAIGHT, CURLED, CURLED), spread: 6, thumb: THUMB_FOLDED }),
  gesture('count-3', 'Counting: three', ['counting'], { ...fingers(STRAIGHT, STRAIGHT, STRAIGHT, CURLED), spread: 6, thumb: THUMB_FOLDED }),
  gesture('count-4', 'Counting: four', ['counting'], { ...fingers(STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT), spread: 6, thumb: THUMB_FOLDED }),
  gesture('count-5', 'Counting: five', ['counting', 'open'], { ...fingers(STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT), spread: 14, thumb: THUMB_WIDE }),
];
