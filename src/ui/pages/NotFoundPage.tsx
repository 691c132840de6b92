import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown for any path that is not a page of the product. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <main className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text', { path: pathname })}</p>
      <Link to="/" className="button-primary">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
