import { ASPECT_IDS, ASPECT_PRESETS, sameSize, type Size } from '../../settings/presets';
import { settingsStore } from '../../settings/settingsStore';

/** Sets the panel's image size in one step, with the aspect preset that offers it (else More). */
export function setPanelSize(size: Size): void {
  settingsStore.set((s) => {
    if (s.width === size.width && s.height === size.height) return s;
    const offers = (id: (typeof ASPECT_IDS)[number]) => Object.values(ASPECT_PRESETS[id]).some((o) => sameSize(o, size));
    const preset = s.preset !== 'more' && offers(s.preset) ? s.preset : (ASPECT_IDS.find(offers) ?? 'more');
    return { ...s, preset, width: size.width, height: size.height };
  });
}
