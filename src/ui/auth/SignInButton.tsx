import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openSignIn } from './appSession';

// Radix Dialog (and, inside it, the widget) is fetched on the first click: the home page's budget is tight.
const SignInDialog = lazy(() => import('./SignInDialog'));

/** The header's Sign In button; the modal is mounted while the machine is in modalOpen. */
export function SignInButton({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="sign-in-button" aria-haspopup="dialog" aria-expanded={open} onClick={openSignIn}>
        {t('auth.signIn')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SignInDialog returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
