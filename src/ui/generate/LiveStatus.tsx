import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { eventsMachine } from '../../machines/events.machine';

/** The event connection's state as the page's data-events attribute reads it (tests, styling). */
export function useLiveState(events: ActorRefFrom<typeof eventsMachine>): 'off' | 'connecting' | 'up' | 'down' {
  return useSelector(events, (s) => {
    if (s.matches('off')) return 'off';
    if (s.matches({ on: { connected: 'up' } })) return 'up';
    return s.context.failures > 0 ? 'down' : 'connecting';
  });
}

/** Says so when the event connection is down and the page polls instead. */
export function LiveStatus({ state }: { state: ReturnType<typeof useLiveState> }) {
  const { t } = useTranslation();
  if (state !== 'down') return null;
  return (
    <p className="muted live-status" role="status">
      {t('generate.liveOff')}
    </p>
  );
}
