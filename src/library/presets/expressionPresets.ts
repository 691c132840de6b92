// The built-in face expressions (data table); see build/faceShape.ts for what each value moves.
import type { ExpressionPresetSpec } from '../build/expressionPreset.js';

/** Every built-in face expression. */
export const EXPRESSION_PRESET_SPECS: readonly ExpressionPresetSpec[] = [
  { id: 'face-neutral', name: 'Neutral', tags: ['calm'], expression: {} },
  { id: 'face-smile', name: 'Smile', tags: ['happy'], expression: { smile: 0.8, eyeOpen: 0.85 } },
  { id: 'face-laugh', name: 'Laugh', tags: ['happy'], expression: { smile: 1, mouthOpen: 0.6, eyeOpen: 0.5, browRaise: 0.3 } },
  { id: 'face-surprise', name: 'Surprise', tags: ['surprise'], expression: { mouthOpen: 0.8, mouthWidth: 0.72, browRaise: 1, eyeOpen: 1.45 } },
  { id: 'face-anger', name: 'Anger', tags: ['angry'], expression: { browFrown: 1, browRaise: -0.4, eyeOpen: 0.75, smile: -0.45, mouthWidth: 0.95 } },
  { id: 'face-sadness', name: 'Sadness', tags: ['sad'], expression: { browSad: 1, smile: -0.75, eyeOpen: 0.8, mouthWidth: 0.95 } },
  { id: 'face-wink', name: 'Wink', tags: ['happy', 'playful'], expression: { smile: [0.4, 0.8], eyeOpen: [1, 0], browRaise: 0.1 } },
  { id: 'face-shout', name: 'Shout', tags: ['angry', 'loud'], expression: { mouthOpen: 1, mouthWidth: 0.88, browFrown: 0.8, eyeOpen: 1.1, smile: -0.25 } },
  { id: 'face-fear', name: 'Fear', tags: ['surprise', 'sad'], expression: { browSad: 0.8, browRaise: 0.7, eyeOpen: 1.4, mouthOpen: 0.35, mouthWidth: 1.08, smile: -0.3 } },
  { id: 'face-smirk', name: 'Smirk', tags: ['playful'], expression: { smile: [0, 0.8], eyeOpen: [0.9, 0.8] } },
  { id: 'face-sleepy', name: 'Sleepy', tags: ['calm'], expression: { eyeOpen: 0.15, browRaise: -0.2, mouthOpen: 0.05 } },
  { id: 'face-disgust', name: 'Disgust', tags: ['angry'], expression: { browFrown: 0.6, eyeOpen: 0.6, smile: [-0.6, -0.2], mouthWidth: 0.9 } },
];
