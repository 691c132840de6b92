import { useTranslation } from 'react-i18next';

/** /login: where the user signs in, and where an authorization failure sends them. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <main className="login-page">
      <img src="/logo.svg" alt="Posecraft" width={56} height={56} />
      <h1>{t('login.title')}</h1>
      <p>{t('login.text')}</p>
      <div id="sign-in-widget" className="sign-in-widget" />
    </main>
  );
}
