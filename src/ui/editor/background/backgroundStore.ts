import { createStore } from '../../store';

/** The reference image under the pose, as a data URL (null: none). */
export const backgroundImageStore = createStore<string | null>(null, {
  key: 'posecraft.editor.background',
  revive: (raw) => (typeof raw === 'string' && raw.startsWith('data:image/') ? raw : null),
});

/** The reference image's opacity, 0..1. */
export const backgroundOpacityStore = createStore<number>(0.5, {
  key: 'posecraft.editor.backgroundOpacity',
  revive: (raw) => (typeof raw === 'number' && raw >= 0 && raw <= 1 ? raw : null),
});
