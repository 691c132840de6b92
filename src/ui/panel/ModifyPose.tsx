import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { poseStore } from '../pose/poseStore';
import { preloadOnIntent } from '../pageLoaders';

/** The Modify Pose section: the stored pose preview, which opens the editor when clicked. */
export function ModifyPose() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const posePng = useStore(poseStore, (s) => s.posePng);
  if (!posePng) return null;
  return (
    <section className="panel-section" aria-labelledby="modify-pose-title">
      <h3 id="modify-pose-title">{t('panel.modifyPose')}</h3>
      <button type="button" className="pose-preview" onClick={() => navigate('/edit')} {...preloadOnIntent('editor')} aria-label={t('panel.openEditor')}>
        <img src={posePng} alt={t('panel.posePreviewAlt')} />
      </button>
    </section>
  );
}
