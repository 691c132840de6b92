import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumberRange, SamplingControl, WorkflowProfileInfo, WorkflowsResponse } from '../../api/schemas';
import { useStore } from '../store';
import { promptDraftStore } from './promptDraft';

/** Puts a profile's defaults in the draft: all of them when it is chosen, only the empty ones when it is shown again. */
function fillDefaults(profile: WorkflowProfileInfo, all: boolean): void {
  promptDraftStore.set((d) => {
    const next = { ...d, workflow: profile.id };
    for (const control of ['steps', 'cfg', 'strength'] as const) if (all || next[control] === '') next[control] = String(profile.defaults[control]);
    if (all || next.depth_strength === '') next.depth_strength = String(profile.depth.strength);
    return next;
  });
}

function SamplingInput({ control, range }: { control: SamplingControl; range: NumberRange }) {
  const { t } = useTranslation();
  const value = useStore(promptDraftStore, (d) => d[control]);
  return (
    <label className="field field-number">
      <span>{t(`generate.${control}`)}</span>
      <input
        name={control}
        type="number"
        inputMode={control === 'steps' ? 'numeric' : 'decimal'}
        min={range.min}
        max={range.max}
        step={control === 'steps' ? 1 : 'any'}
        value={value}
        onChange={(e) => promptDraftStore.set((d) => ({ ...d, [control]: e.target.value }))}
      />
      <small className="field-hint">{t('generate.range', { min: range.min, max: range.max })}</small>
    </label>
  );
}

function ProfileOption({ profile, checked }: { profile: WorkflowProfileInfo; checked: boolean }) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <label className="workflow-option" data-available={profile.available}>
      <input
        type="radio"
        name="workflow"
        value={profile.id}
        checked={checked}
        disabled={!profile.available}
        aria-describedby={noteId}
        onChange={() => fillDefaults(profile, true)}
      />
      <span className="workflow-text">
        <span className="workflow-label">{profile.label}</span>
        <span id={noteId} className="workflow-note">
          {profile.available ? profile.models.join(' · ') : t('generate.unavailable', { reason: profile.reason })}
        </span>
      </span>
    </label>
  );
}

/**
 * The workflow profile picker: each profile with its models, an unavailable one disabled with why.
 * The chosen profile's defaults go in the draft where it has none (first shown, or after a reload).
 */
export function WorkflowPicker({ data, chosen }: { data: WorkflowsResponse; chosen: WorkflowProfileInfo }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (chosen.available) fillDefaults(chosen, false);
  }, [chosen]);
  return (
    <fieldset className="workflow-fields">
      <legend>{t('generate.workflow')}</legend>
      {data.workflows
        .filter((profile) => !profile.video)
        .map((profile) => (
          <ProfileOption key={profile.id} profile={profile} checked={profile.id === chosen.id} />
        ))}
    </fieldset>
  );
}

/** The depth ControlNet's switch and strength where the profile offers one; else a note saying why it has none. */
function DepthFields({ profile, range }: { profile: WorkflowProfileInfo; range: NumberRange }) {
  const { t } = useTranslation();
  const draft = useStore(promptDraftStore, (d) => d);
  if (!profile.depth.available)
    return <small className="field-hint depth-unavailable">{t('depthControl.unavailable', { reason: profile.depth.reason })}</small>;
  const on = draft.depth !== 'off';
  return (
    <>
      <label className="field field-check">
        <input type="checkbox" name="depth" checked={on} onChange={(e) => promptDraftStore.set((d) => ({ ...d, depth: e.target.checked ? '' : 'off' }))} />
        <span>{t('depthControl.toggle')}</span>
      </label>
      {on && (
        <label className="field field-number">
          <span>{t('depthControl.strength')}</span>
          <input
            name="depth_strength"
            type="number"
            inputMode="decimal"
            min={range.min}
            max={range.max}
            step="any"
            value={draft.depth_strength}
            onChange={(e) => promptDraftStore.set((d) => ({ ...d, depth_strength: e.target.value }))}
          />
          <small className="field-hint">{t('generate.range', { min: range.min, max: range.max })}</small>
        </label>
      )}
    </>
  );
}

/** The chosen profile's sampling settings (ControlNet strength, steps, CFG), within the operator's limits, and its depth ControlNet. */
export function SamplingFields({ data, chosen }: { data: WorkflowsResponse; chosen: WorkflowProfileInfo }) {
  return (
    <>
      {(['strength', 'steps', 'cfg'] as const)
        .filter((control) => chosen.controls.includes(control))
        .map((control) => (
          <SamplingInput key={control} control={control} range={data.limits[control]} />
        ))}
      <DepthFields profile={chosen} range={data.limits.strength} />
    </>
  );
}
