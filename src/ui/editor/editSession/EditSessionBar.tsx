import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { editSessionIdOf, useEditSession } from './useEditSession';

/** The bar of an editor opened from ComfyUI (?edit_session=): where the session is, and Send back to ComfyUI. */
export function EditSessionBar() {
  const { search } = useLocation();
  const id = editSessionIdOf(search);
  return id ? <SessionBar id={id} /> : null;
}

function SessionBar({ id }: { id: string }) {
  const { t } = useTranslation();
  const { phase, send } = useEditSession(id);
  const canSend = phase === 'open';
  return (
    <div className="edit-session-bar" role="status" data-phase={phase}>
      <span className="edit-session-text">{t(`editSession.phase.${phase}`)}</span>
      {(canSend || phase === 'sending') && (
        <button type="button" className="edit-session-send" disabled={!canSend} onClick={() => void send()}>
          <Send aria-hidden size={16} strokeWidth={1.75} />
          {t('editSession.send')}
        </button>
      )}
    </div>
  );
}
