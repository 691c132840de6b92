import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ActionButton } from '../ActionButton';
import { editSessionIdOf, useEditSession } from './useEditSession';

/** The bar of an editor opened from ComfyUI (?edit_session=): where the session is, and Send back to ComfyUI. */
export function EditSessionBar() {
  const { search } = useLocation();
  const id = editSessionIdOf(search);
  return id ? <SessionBar id={id} /> : null;
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
