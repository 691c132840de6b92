import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../Spinner';
import { returnPath } from '../auth/returnPath';
import { chunkLoaders } from '../pageLoaders';

// The widget (firebaseui and its CSS) is its own chunk, so the page's heading shows while it loads.
const SignInWidget = lazy(chunkLoaders.signInWidget);

/** /login: where the user signs in, and where an authorization failure sends them. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = returnPath(search);
  // E-mail action links (mode=resetPassword&oobCode=…) are handled by the widget itself on this page.
  const actionMode = search.get('mode');
  return (
    <main className="login-page">
      <img src="/logo.svg" alt="Posecraft" width={56} height={56} />
      <h1>{t('login.title')}</h1>
      <p>{t('login.text')}</p>
      <Suspense fallback={<Spinner />}>
        <SignInWidget key={actionMode ?? ''} successUrl={target} onSignedIn={(url) => void navigate(url, { replace: true })} />
      </Suspense>
      {actionMode && actionMode !== 'signIn' && (
        <p>
          <Link to="/login">{t('auth.backToSignIn')}</Link>
        </p>
      )}
    </main>
  );
}
