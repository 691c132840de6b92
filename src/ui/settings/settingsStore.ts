import { DEFAULT_SETTINGS, isImageCount, isValidSide, type ImageCount } from '../../api/contract';
import { createStore } from '../store';
import { ASPECT_PRESETS, ASPECT_IDS, type PresetId, type Size } from './presets';

/** The generation settings of the side panel (SPEC.md section 3). */
export interface GenerationSettings {
  preset: PresetId;
  width: number;
  height: number;
  gNumber: ImageCount;
}

const DEFAULTS: GenerationSettings = { preset: '2:3', ...DEFAULT_SETTINGS };

function revive(raw: unknown): GenerationSettings | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const preset = r.preset === 'more' || ASPECT_IDS.includes(r.preset as never) ? (r.preset as PresetId) : null;
  if (!preset || !isValidSide(r.width) || !isValidSide(r.height) || !isImageCount(r.gNumber)) return null;
  return { preset, width: r.width, height: r.height, gNumber: r.gNumber };
}

/** The panel's settings, kept in local storage so they survive a reload. */
export const settingsStore = createStore<GenerationSettings>(DEFAULTS, { key: 'posecraft.settings', revive });

/** Chooses an aspect preset; any preset but More sets the size to its Small size. */
export function choosePreset(preset: PresetId): void {
  settingsStore.set((s) => (preset === 'more' ? { ...s, preset } : { ...s, preset, ...ASPECT_PRESETS[preset].small }));
}

/** Sets width and height together (a preset size or a social size). */
export function chooseSize(size: Size): void {
  settingsStore.set((s) => ({ ...s, width: size.width, height: size.height }));
}

/** Sets one side; a value outside 1..1024 is ignored so the last valid value stays. */
export function setSide(side: 'width' | 'height', value: number): boolean {
  if (!isValidSide(value)) return false;
  settingsStore.set((s) => ({ ...s, [side]: value }));
  return true;
}

/** Sets the number of images; anything but 1..4 is ignored. */
export function setImageCount(value: number): boolean {
  if (!isImageCount(value)) return false;
  settingsStore.set((s) => ({ ...s, gNumber: value }));
  return true;
}

/** Restores saved settings, choosing the aspect preset whose sizes include them (else More). */
export function restoreSettings(saved: { width: number; height: number; gNumber: number }): void {
  if (!isValidSide(saved.width) || !isValidSide(saved.height) || !isImageCount(saved.gNumber)) return;
  const size = { width: saved.width, height: saved.height };
  const preset = ASPECT_IDS.find((id) => Object.values(ASPECT_PRESETS[id]).some((s) => s.width === size.width && s.height === size.height)) ?? 'more';
  settingsStore.set({ preset, ...size, gNumber: saved.gNumber });
}
