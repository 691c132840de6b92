import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openSignIn } from './appSession';
import { chunkLoaders, preloadOnIntent } from '../pageLoaders';

// Radix Dialog and the widget are not on the home page (its budget is tight): they are fetched when
// the pointer or focus reaches the button, so the modal usually opens without a wait.
const SignInDialog = lazy(chunkLoaders.signInDialog);

/** The header's Sign In button; the modal is mounted while the machine is in modalOpen. */
export function SignInButton({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="sign-in-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openSignIn}
        {...preloadOnIntent('signInDialog', 'signInWidget')}
      >
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
