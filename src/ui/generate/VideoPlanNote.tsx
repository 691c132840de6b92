import { useTranslation } from 'react-i18next';
import { LENGTH_FITS, ruleFormula, type LengthFit, type PoseSequence } from '../../pose/motion';
import { usePoseDocument } from './usePoseDocument';
import { lengthFitStore, videoPlan, type VideoMaker } from './timelineVideo';

/** Says before generating what length, rate and size the video will be made at and how the timeline was fitted, with the choice of extending or trimming. */
export function VideoPlanNote({ sequence, maker, fit }: { sequence: PoseSequence; maker: VideoMaker; fit: LengthFit }) {
  const { t } = useTranslation();
  const canvas = usePoseDocument();
  const plan = videoPlan(sequence, canvas, maker, fit);
  if (!plan) return null;
  const { fitted, rule, size } = plan;
  const frames = fitted.frames.length;
  const lengthRule = rule.step > 1 ? t('videoPlan.lengthRule', { frames, rule: ruleFormula(rule) }) : t('videoPlan.anyLength', { frames });
  const resampled = fitted.resampled !== sequence.length ? t('videoPlan.resampled', { from: sequence.length, fps: rule.fps, to: fitted.resampled }) : '';
  const how = fitted.how === 'exact' ? t('videoPlan.exact') : t(fitted.how === 'extended' ? 'videoPlan.extended' : 'videoPlan.trimmed', { n: fitted.changed });
  return (
    <div className="video-plan" data-testid="video-plan">
      <p className="muted">
        {[lengthRule, t('videoPlan.rate', { fps: rule.fps }), resampled, how, fitted.forced ? t('videoPlan.forced') : ''].filter(Boolean).join(' · ')}
        {size && ` · ${t('videoPlan.size', { width: size.width, height: size.height, step: size.step })}`}
      </p>
      <label className="field">
        {t('videoPlan.fitLabel')}
        <select name="length_fit" value={fit} onChange={(e) => lengthFitStore.set(e.target.value as LengthFit)}>
          {LENGTH_FITS.map((f) => (
            <option key={f} value={f}>
              {t(`videoPlan.fit.${f}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
