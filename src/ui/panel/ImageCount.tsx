import { useTranslation } from 'react-i18next';
import { IMAGE_COUNTS } from '../../api/contract';
import { useStore } from '../store';
import { panelStore, setImageCount } from '../stores/documentStore';

/** The Number of images section: one choice of 1, 2, 3 or 4. */
export function ImageCount() {
  const { t } = useTranslation();
  const count = useStore(panelStore, (s) => s.gNumber);
  return (
    <section className="panel-section" aria-labelledby="count-title">
      <h3 id="count-title">{t('panel.count')}</h3>
      <div className="count-row" role="radiogroup" aria-labelledby="count-title">
        {IMAGE_COUNTS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={count === n}
            className={`chip${count === n ? ' active' : ''}`}
            onClick={() => setImageCount(n)}
          >
            {n}
          </button>
        ))}
      </div>
    </section>
  );
}
