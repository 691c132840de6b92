import { lazy, Suspense, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../Spinner';
import { closeSignIn } from './appSession';
import { SIGN_IN_SUCCESS_URL } from '../../machines/auth.machine';
import { chunkLoaders } from '../pageLoaders';

// firebaseui and its CSS are fetched when the modal opens, or on the intent to open it.
const SignInWidget = lazy(chunkLoaders.signInWidget);

/** The centred 600 px sign-in modal (logo and widget, no footer); mounted only while it is open. */
export default function SignInDialog({ returnFocus }: { returnFocus: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeSignIn()}>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content
          className="auth-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <Dialog.Close className="auth-dialog-close" aria-label={t('auth.close')}>
            ×
          </Dialog.Close>
          <img className="auth-dialog-logo" src="/logo.svg" alt="Posecraft" width={56} height={56} />
          <Dialog.Title className="auth-dialog-title">{t('auth.dialogTitle')}</Dialog.Title>
          <Dialog.Description className="auth-dialog-text">{t('auth.dialogText')}</Dialog.Description>
          <Suspense fallback={<Spinner />}>
            {/* The machine navigates to the success URL when the modal's sign-in completes. */}
            <SignInWidget successUrl={SIGN_IN_SUCCESS_URL} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
