import { useTranslation } from 'react-i18next';
import type { PromptStatus } from '../../machines/generation.machine';

/** A prompt's status and progress, as a labelled progress bar. */
export function ProgressBar({ status, progress, label }: { status: PromptStatus | 'submitting'; progress: number; label: string }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <div className={`progress progress-${status}`}>
      <div className="progress-head">
        <span className="status-badge" data-status={status}>
          {t(`status.${status}`)}
        </span>
        <span>{percent}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="progress-track">
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
