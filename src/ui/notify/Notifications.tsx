import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { dismiss, notificationStore } from './notifications';

/** Renders the notification stack at the top centre of the window. */
export function Notifications() {
  const messages = useStore(notificationStore);
  const { t } = useTranslation();
  return (
    <div className="notifications" aria-live="polite">
      {messages.map((m) => (
        <div key={m.id} className={`notification notification-${m.type}`} role={m.type === 'error' ? 'alert' : 'status'} data-type={m.type}>
          <span>{m.content}</span>
          {m.undo && (
            <button
              type="button"
              className="notification-undo"
              onClick={() => {
                dismiss(m.id);
                m.undo?.();
              }}
            >
              {t('notify.undo')}
            </button>
          )}
          <button type="button" className="notification-close" aria-label={t('notify.dismiss')} onClick={() => dismiss(m.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
