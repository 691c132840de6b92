import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/appSession';
import { ActionButton } from '../ActionButton';
import { editSessionIdOf, useEditSession } from './useEditSession';

/** The bar of an editor opened from ComfyUI (?edit_session=): where the session is, and Send back to ComfyUI. */
export function EditSessionBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { signedIn } = useAuth();
  const id = editSessionIdOf(search);
  if (!id) return null;
  if (signedIn) return <SessionBar id={id} />;
  // Signed out, the session cannot be read: sign-in brings the designer back to this very link.
  return (
    <div className="edit-session-bar" role="status" data-phase="signedOut">
      <span className="edit-session-text">{t('editSession.signIn')}</span>
      <Link className="edit-session-send" to={`/login?redirect=${encodeURIComponent(pathname + search)}`}>
        {t('auth.signIn')}
      </Link>
    </div>
  );
}

function SessionBar({ id }: { id: string }) {
  const { t } = useTranslation();
  const phase = useEditSession(id);
  return (
    <div className="edit-session-bar" role="status" data-phase={phase}>
      <span className="edit-session-text">{t(`editSession.phase.${phase}`)}</span>
      {(phase === 'open' || phase === 'sending') && (
        <ActionButton name="sendEditSession" className="edit-session-send">
          <Send aria-hidden size={16} strokeWidth={1.75} />
          {t('editor.actions.sendEditSession')}
        </ActionButton>
      )}
    </div>
  );
}
