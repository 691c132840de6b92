import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AccountMenu } from './AccountMenu';
import { startProviderSync, useAuth } from './appSession';
import { SignInButton } from './SignInButton';

// Pages that need a confirmed, fresh session at once; the home page never loads firebase unasked.
const EAGER_PATHS = ['/pose', '/login'];
// The editor works from the cached session (a request refreshes an expired token itself), so it opens
// without firebase and confirms the session in the background once the page has settled.
const SETTLE_MS = 3000;

function useProviderSync(pathname: string) {
  useEffect(() => {
    if (pathname === '/') return;
    if (EAGER_PATHS.includes(pathname)) {
      void startProviderSync();
      return;
    }
    // Other pages confirm the session once the browser is idle after the page has settled.
    let idle: number | undefined;
    const settled = window.setTimeout(
      () => {
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => void startProviderSync());
        else void startProviderSync();
      },
      pathname === '/edit' ? SETTLE_MS : 200,
    );
    return () => {
      window.clearTimeout(settled);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [pathname]);
}

/** The header's account control: Sign In (and its modal) when signed out, the avatar and user card when signed in. */
export function AccountControl() {
  const { pathname } = useLocation();
  const { state, signedIn, user } = useAuth();
  useProviderSync(pathname);
  if (signedIn) return <AccountMenu user={user} />;
  // /login shows the widget in the page; a second one in a modal would share (and reset) its FirebaseUI instance.
  if (pathname === '/login') return null;
  return <SignInButton open={state === 'modalOpen'} />;
}
