import { useEffect } from 'react';
import type { DocumentActor } from '../../stores/documentStore';
import { sequenceOf } from '../../../editor/model/timelineEdits';
import { timelineStore } from './timelineStore';

/**
 * While the timeline plays, shows frame after frame at the sequence's frame rate (timed by the clock,
 * so a slow frame is skipped, not stretched); at the end it loops or stops.
 */
export function usePlayback(actor: DocumentActor, playing: boolean): void {
  useEffect(() => {
    if (!playing) return;
    const { fps, length } = sequenceOf(actor.getSnapshot().context.scene);
    const first = actor.getSnapshot().context.frame >= length - 1 ? 0 : actor.getSnapshot().context.frame;
    const start = performance.now();
    let request = 0;
    const tick = (now: number) => {
      const passed = first + Math.floor(((now - start) * fps) / 1000);
      const { loop } = timelineStore.get();
      if (passed >= length && !loop) {
        actor.send({ type: 'SET_FRAME', frame: length - 1 });
        timelineStore.set((s) => ({ ...s, playing: false }));
        return;
      }
      actor.send({ type: 'SET_FRAME', frame: passed % length });
      request = requestAnimationFrame(tick);
    };
    request = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(request);
  }, [actor, playing]);
}
