import { useTranslation } from 'react-i18next';

/** The spinner shown while a page or a part of one loads. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="status" aria-label={t('common.loading')}>
      <div className="spinner" />
    </div>
  );
}
