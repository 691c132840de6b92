import { useTranslation } from 'react-i18next';

/** Whether the people found replace the pose being edited or join it. */
export type { PoseMerge } from '../../editor/actions/placement';
import type { PoseMerge } from '../../editor/actions/placement';

/** The user's choices for the next estimate: what to look for, and what to do with the people found. */
export interface PhotoChoices {
  hands: boolean;
  face: boolean;
  mode: PoseMerge;
}

interface PhotoOptionsProps {
  choices: PhotoChoices;
  onChange(choices: PhotoChoices): void;
  /** While an estimate runs, what it looks for cannot change. */
  busy: boolean;
}

/** The hands / faces checkboxes and the replace / add choice of the photo-to-pose section. */
export function PhotoOptions({ choices, onChange, busy }: PhotoOptionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="photo-options" disabled={busy}>
        <label>
          <input type="checkbox" checked={choices.hands} onChange={(e) => onChange({ ...choices, hands: e.target.checked })} /> {t('estimate.hands')}
        </label>
        <label>
          <input type="checkbox" checked={choices.face} onChange={(e) => onChange({ ...choices, face: e.target.checked })} /> {t('estimate.faces')}
        </label>
      </fieldset>
      <fieldset className="photo-options">
        <legend>{t('estimate.mode')}</legend>
        {(['replace', 'add'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name="photo-mode" checked={choices.mode === mode} onChange={() => onChange({ ...choices, mode })} /> {t(`estimate.${mode}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
