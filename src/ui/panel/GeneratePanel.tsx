import { useTranslation } from 'react-i18next';
import { ImageCount } from './ImageCount';
import { ImageDimensions } from './ImageDimensions';
import { ModifyPose } from './ModifyPose';

/** The right-hand "Generate images" panel, 346 px wide (docs/specification.md section 2). */
export function GeneratePanel() {
  const { t } = useTranslation();
  return (
    <aside className="generate-panel" aria-labelledby="generate-panel-title">
      <h2 id="generate-panel-title">{t('panel.title')}</h2>
      <ModifyPose />
      <ImageDimensions />
      <ImageCount />
    </aside>
  );
}
