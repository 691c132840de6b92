import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { settingsStore } from '../settings/settingsStore';
import { poseStore } from '../pose/poseStore';

/** /edit: the pose editor. */
export default function EditorPage() {
  const { t } = useTranslation();
  const { width, height } = useStore(settingsStore);
  const posePng = useStore(poseStore, (s) => s.posePng);
  return (
    <div className="editor-page">
      <h1>{t('editor.title')}</h1>
      <p className="muted">{t('editor.canvasSize', { width, height })}</p>
      <img className="editor-preview" src={posePng} alt={t('panel.posePreviewAlt')} style={{ aspectRatio: `${width} / ${height}` }} />
    </div>
  );
}
