import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../../machines/auth.machine';
import { avatarLetter } from './avatarLetter';

// Radix Popover is fetched on the first click: the home page's budget is tight.
const UserCard = lazy(() => import('./UserCard'));
// The Access tokens dialog and its API calls load when it is first opened.
const AccessTokensDialog = lazy(() => import('./AccessTokensDialog'));

/** The signed-in header control: a 42 px avatar with the user's letter, opening the user card (and from it the Access tokens dialog). */
export function AccountMenu({ user }: { user: AuthUser | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tokensOpen, setTokensOpen] = useState(false);
  const avatar = useRef<HTMLButtonElement>(null);
  const name = user?.displayName || user?.email || '';
  return (
    <>
      <button
        ref={avatar}
        type="button"
        className="avatar avatar-42"
        aria-label={t('auth.account', { name })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {avatarLetter(user)}
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserCard
            user={user}
            anchor={avatar}
            onClose={() => setOpen(false)}
            onOpenTokens={() => {
              setOpen(false);
              setTokensOpen(true);
            }}
          />
        </Suspense>
      )}
      {tokensOpen && (
        <Suspense fallback={null}>
          <AccessTokensDialog open onOpenChange={setTokensOpen} />
        </Suspense>
      )}
    </>
  );
}
