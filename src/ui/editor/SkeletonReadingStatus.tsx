import i18n, { type TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UncertainHand } from '../../pose';
import { useStore } from '../store';
import { skeletonReading } from './io/skeletonReading';

/** Over the canvas while a skeleton PNG is read in the background: that it is, how many hands are read, and a way to stop it. Leaving the editor stops it. */
export function SkeletonReadingStatus() {
  const { t } = useTranslation();
  const reading = useStore(skeletonReading);
  // A reading that lands after the editor is gone would edit a pose no one is looking at.
  useEffect(() => () => skeletonReading.get()?.cancel(), []);
  if (!reading) return null;
  return (
    <div className="stage-status" role="status">
      <span className="spinner-inline" aria-hidden="true" />
      <span>
        {t('editor.readingPng')}
        {reading.hands && ` ${t('editor.readingPngHands', reading.hands)}`}
      </span>
      <button type="button" className="tool" onClick={reading.cancel}>
        {t('editor.readingPngCancel')}
      </button>
    </div>
  );
}

/** What the reading says when it is done about the hands it could not read for sure (people counted from 1), listed in `language`; empty when there are none. */
export function uncertainHandsText(t: TFunction, hands: readonly UncertainHand[], language = i18n.resolvedLanguage ?? 'en'): string {
  if (hands.length === 0) return '';
  const named = hands.map(({ person, side, hidden }) =>
    t(side === 'left' ? 'editor.uncertainHandLeft' : 'editor.uncertainHandRight', { person: person + 1, hidden }),
  );
  return t('editor.importedPngUncertain', { hands: new Intl.ListFormat(language, { type: 'conjunction' }).format(named) });
}
