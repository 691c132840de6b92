import { useTranslation } from 'react-i18next';
import { IMAGE_COUNTS } from '../../api/contract';
import { useStore } from '../store';
import { panelStore, setImageCount } from '../stores/documentStore';
import { ChipRadios } from './ChipRadios';

/** The Number of images section: one choice of 1, 2, 3 or 4. */
export function ImageCount() {
  const { t } = useTranslation();
  const count = useStore(panelStore, (s) => s.gNumber);
  return (
    <section className="panel-section" aria-labelledby="count-title">
      <h3 id="count-title">{t('panel.count')}</h3>
      <div className="count-row" role="radiogroup" aria-labelledby="count-title">
        <ChipRadios options={IMAGE_COUNTS.map((n) => ({ value: n, label: String(n) }))} value={count} onChoose={setImageCount} />
      </div>
    </section>
  );
}
