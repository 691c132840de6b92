import type { RefObject } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../../machines/auth.machine';
import { signOut } from './appSession';
import { avatarLetter } from './avatarLetter';

interface UserCardProps {
  user: AuthUser | null;
  /** The header avatar the card hangs from (bottom right). */
  anchor: RefObject<HTMLButtonElement | null>;
  onClose(): void;
  /** Opens the Access tokens dialog (personal access tokens for ComfyUI and other clients). */
  onOpenTokens(): void;
}

/** The 278 px user card: large avatar, name, "Independent designer", Access tokens, Log out and the Personal mail row. */
export default function UserCard({ user, anchor, onClose, onOpenTokens }: UserCardProps) {
  const { t } = useTranslation();
  const letter = avatarLetter(user);
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="user-card"
          side="bottom"
          align="end"
          sideOffset={8}
          aria-label={t('auth.userCard')}
          // A click on the avatar itself is its own toggle; counting it as "outside" would reopen the card.
          onInteractOutside={(event) => anchor.current?.contains(event.target as Node) && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
        >
          <div className="user-card-head">
            <span className="avatar avatar-52" aria-hidden="true">
              {letter}
            </span>
            <div className="user-card-who">
              <strong className="user-card-name">{user?.displayName || user?.email}</strong>
              <span className="user-card-caption">{t('auth.caption')}</span>
            </div>
          </div>
          <button type="button" className="user-card-tokens" onClick={onOpenTokens}>
            {t('accessTokens.open')}
          </button>
          <button type="button" className="user-card-logout" onClick={signOut}>
            {t('auth.logOut')}
          </button>
          <div className="user-card-mail">
            <span className="avatar avatar-40" aria-hidden="true">
              <img src="/icons/mail.svg" alt="" width={20} height={20} />
            </span>
            <div className="user-card-who">
              <span className="user-card-caption">{t('auth.personalMail')}</span>
              <span className="user-card-email" title={user?.email ?? ''}>
                {user?.email ?? ''}
              </span>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
