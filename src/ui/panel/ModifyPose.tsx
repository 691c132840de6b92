import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { panelStore, useDocument } from '../stores/documentStore';
import { preloadOnIntent } from '../pageLoaders';
import { handOffPhoto } from '../estimate/photoHandoff';

/** The Modify Pose section: the stored pose preview, which opens the editor when clicked. */
export function ModifyPose() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const posePng = useStore(panelStore, (s) => s.posePng);
  // A string, not an object: the store's snapshot must compare equal while nothing changed.
  const aspectRatio = useDocument((d) => `${d.scene.pose.canvas_width} / ${d.scene.pose.canvas_height}`);
  if (!posePng) return null;
  return (
    <section className="panel-section" aria-labelledby="modify-pose-title">
      <h3 id="modify-pose-title">{t('panel.modifyPose')}</h3>
      <button
        type="button"
        className="pose-preview"
        onClick={() => navigate('/edit')}
        {...preloadOnIntent('editor')}
        // A photo dropped here opens the editor, which turns it into a pose.
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          const photo = event.dataTransfer.files[0];
          if (!photo) return;
          handOffPhoto(photo);
          navigate('/edit');
        }}
        title={t('panel.dropPhoto')}
        aria-label={t('panel.openEditor')}
      >
        {/* The box keeps the canvas's shape while the image decodes, so the panel does not jump. */}
        <img src={posePng} alt={t('panel.posePreviewAlt')} style={{ aspectRatio }} />
      </button>
    </section>
  );
}
