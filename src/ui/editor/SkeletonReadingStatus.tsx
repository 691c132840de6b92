import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
