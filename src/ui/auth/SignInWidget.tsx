// Loaded lazily (the modal or /login): FirebaseUI needs firebase's compat layer, which wraps the modular
// app and Auth that firebaseAuth.ts made, so the emulator connection and the signed-in user are shared.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import firebase from 'firebase/compat/app';
import 'firebase/compat/auth';
import * as firebaseui from 'firebaseui';
import 'firebaseui/dist/firebaseui.css';
import type { User } from 'firebase/auth';
import type { AppConfig } from '../../api/appConfig';
import { loadFirebaseAuth, toAuthUser } from './firebaseAuth';
import { reportSignedIn, startProviderSync } from './appSession';

export interface SignInWidgetProps {
  /** Where the user goes after signing in. */
  successUrl: string;
  /** Called after a sign-in, once the user is in the auth machine. */
  onSignedIn?: (successUrl: string) => void;
}

function widgetConfig(successUrl: string, onSignedIn?: (url: string) => void): firebaseui.auth.Config {
  return {
    signInFlow: 'popup',
    signInSuccessUrl: successUrl,
    signInOptions: [
      // Icons we serve ourselves: FirebaseUI's defaults live on gstatic.com.
      // FirebaseUI's own red (#db4437) gives its white 14 px label 4.3:1; this darker red gives 5.3:1.
      { provider: firebase.auth.EmailAuthProvider.PROVIDER_ID, requireDisplayName: true, iconUrl: '/icons/mail.svg', buttonColor: '#c5372b' },
      { provider: firebase.auth.GoogleAuthProvider.PROVIDER_ID, iconUrl: '/icons/google.svg' },
    ],
    // No Google One Tap: it loads accounts.google.com.
    credentialHelper: firebaseui.auth.CredentialHelper.NONE,
    callbacks: {
      signInSuccessWithAuthResult(authResult: { user: User }) {
        // Sent again here because a new account only has its display name once the widget has finished.
        toAuthUser(authResult.user).then(
          (user) => {
            reportSignedIn(user);
            onSignedIn?.(successUrl);
          },
          (error: unknown) => console.warn('Could not read the new ID token', error),
        );
        return false; // We navigate inside the app instead of letting the widget reload the page.
      },
    },
  };
}

function compatAuth(config: AppConfig): firebase.auth.Auth {
  // Same options as the modular app, so this returns a wrapper of that app rather than a second one.
  const app = firebase.apps[0] ?? firebase.initializeApp(config.firebase);
  return app.auth();
}

/** The FirebaseUI widget (e-mail/password and Google, popup flow): started on mount, reset on unmount. */
export default function SignInWidget({ successUrl, onSignedIn }: SignInWidgetProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    let ui: firebaseui.auth.AuthUI | null = null;
    let unmounted = false;
    void startProviderSync();
    loadFirebaseAuth().then(
      ({ config }) => {
        if (unmounted || !container.current) return;
        // StrictMode mounts twice: reuse the one AuthUI and reset it, since delete() cannot be undone.
        ui = firebaseui.auth.AuthUI.getInstance() ?? new firebaseui.auth.AuthUI(compatAuth(config));
        ui.start(
          container.current,
          widgetConfig(successUrl, (url) => onSignedInRef.current?.(url)),
        );
      },
      (error: unknown) => {
        console.warn('The sign-in widget could not start', error);
        if (!unmounted) setFailed(true);
      },
    );
    return () => {
      unmounted = true;
      ui?.reset();
    };
  }, [successUrl]);

  return (
    <>
      {failed && (
        <p role="alert" className="sign-in-error">
          {t('auth.unavailable')}
        </p>
      )}
      <div ref={container} className="sign-in-widget" data-testid="sign-in-widget" />
    </>
  );
}
