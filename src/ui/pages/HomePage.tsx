import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { preloadOnIntent } from '../pageLoaders';

/** The home page: what Posecraft does, and the way in. */
export default function HomePage() {
  const { t } = useTranslation();
  const steps = ['pose', 'size', 'generate'] as const;
  return (
    <main className="home">
      <section className="home-hero">
        <h1>{t('home.title')}</h1>
        <p className="home-lead">{t('home.lead')}</p>
        <Link to="/pose" className="button-primary" {...preloadOnIntent('generate')}>
          {t('home.cta')}
        </Link>
      </section>
      <ol className="home-steps">
        {steps.map((step) => (
          <li key={step}>
            <h2>{t(`home.steps.${step}.title`)}</h2>
            <p>{t(`home.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
