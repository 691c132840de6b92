import { useTranslation } from 'react-i18next';
import type { EstimationStage } from '../../machines/estimation.machine';

/** The stage an estimate is at, and how far along it is, with a way out. */
export function EstimationProgress({ stage, progress, onCancel }: { stage: EstimationStage | null; progress: number; onCancel(): void }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <div className="photo-progress">
      <div className="photo-progress-head">
        <span>{t(`estimate.stage.${stage ?? 'connecting'}`)}</span>
        <button type="button" className="link-button" onClick={onCancel}>
          {t('estimate.cancel')}
        </button>
      </div>
      <div
        role="progressbar"
        aria-label={t('estimate.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="photo-progress-track"
      >
        <div className="photo-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
