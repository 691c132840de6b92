import { useTranslation } from 'react-i18next';
import type { HandSide } from '../../pose';

interface HandSidePickerProps {
  side: HandSide;
  onChange(side: HandSide): void;
}

/** Which hand a gesture goes on: two radio buttons. */
export function HandSidePicker({ side, onChange }: HandSidePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="library-side">
      <legend>{t('library.hand')}</legend>
      {(['left', 'right'] as const).map((s) => (
        <label key={s}>
          <input type="radio" name="library-hand" value={s} checked={side === s} onChange={() => onChange(s)} />
          {t(`library.${s}`)}
        </label>
      ))}
    </fieldset>
  );
}
