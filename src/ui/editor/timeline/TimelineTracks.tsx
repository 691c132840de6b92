import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { trackSpan, type FigureTrack, type KeyScope, type PoseSequence } from '../../../pose/motion';
import { copyKeys, moveKeys } from '../../../editor/model/timelineEdits';
import { listEntities, entityId } from '../../../editor/model/scene';
import type { DocumentActor } from '../../stores/documentStore';

interface TimelineTracksProps {
  actor: DocumentActor;
  sequence: PoseSequence;
  frame: number;
  /** The figures key edits act on (the selected ones), or null for all. */
  scope: KeyScope;
}

// A key being dragged: where it was, where it would land, whether it is copied (Alt) rather than moved, and the figures it carries.
interface KeyDrag {
  from: number;
  to: number;
  copy: boolean;
  scope: KeyScope;
}

const percent = (frame: number, length: number) => `${((frame + 0.5) / length) * 100}%`;

/**
 * The figures' names beside their rows (a figure without a name is "Person 2", "Animal 1"): choosing
 * one selects its figure on the canvas (when shown at this frame), so key edits act on its keys only.
 */
function TrackLabels({ actor, tracks, scope }: { actor: DocumentActor; tracks: readonly FigureTrack[]; scope: KeyScope }) {
  const { t } = useTranslation();
  const counts = { person: 0, animal: 0 };
  const label = (track: FigureTrack) => {
    const n = ++counts[track.kind];
    return track.keys[0]?.figure.figure?.name || t(`editor.entity.${track.kind}`, { n });
  };
  const choose = (id: string) => {
    const scene = actor.getSnapshot().context.scene;
    const ref = listEntities(scene).find((r) => entityId(scene, r) === id);
    actor.send({ type: 'SELECT', selection: { entities: ref ? [ref] : [], joint: null } });
  };
  return (
    <div className="timeline-labels">
      <div className="timeline-ruler-label" aria-hidden>
        {t('timeline.frame')}
      </div>
      {tracks.map((track) => (
        <button
          key={track.id}
          type="button"
          className="timeline-label"
          aria-pressed={scope?.has(track.id) ?? false}
          title={t('motionExtras.chooseRow')}
          onClick={() => choose(track.id)}
        >
          {label(track)}
        </button>
      ))}
    </div>
  );
}

/** The timeline's ruler and one row per figure with its keys: drag anywhere to scrub (a finger too), drag a key to move it (Alt copies). */
export function TimelineTracks({ actor, sequence, frame, scope }: TimelineTracksProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<KeyDrag | null>(null);
  const frameAt = (clientX: number) => {
    const box = area.current!.getBoundingClientRect();
    const at = Math.floor(((clientX - box.left) / Math.max(1, box.width)) * sequence.length);
    return Math.min(sequence.length - 1, Math.max(0, at));
  };
  const scrub = (e: ReactPointerEvent) => actor.send({ type: 'SET_FRAME', frame: frameAt(e.clientX) });
  const startScrub = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    scrub(e);
  };
  // A key of a figure outside the selection carries that figure's key alone.
  const startKeyDrag = (e: ReactPointerEvent<HTMLButtonElement>, from: number, track: string) => {
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ from, to: from, copy: e.altKey, scope: scope === null || scope.has(track) ? scope : new Set([track]) });
  };
  const carried = (track: string) => drag !== null && (drag.scope === null || drag.scope.has(track));
  const endKeyDrag = () => {
    if (!drag) return;
    setDrag(null);
    const scene = actor.getSnapshot().context.scene;
    if (drag.to !== drag.from) actor.send({ type: 'COMMIT', scene: (drag.copy ? copyKeys : moveKeys)(scene, drag.from, drag.to, drag.scope) });
    actor.send({ type: 'SET_FRAME', frame: drag.to });
  };
  return (
    <div className="timeline-tracks">
      <TrackLabels actor={actor} tracks={sequence.tracks} scope={scope} />
      <div
        ref={area}
        className="timeline-area"
        data-testid="timeline-area"
        onPointerDown={startScrub}
        onPointerMove={(e) => e.currentTarget.hasPointerCapture(e.pointerId) && scrub(e)}
        // A finger's last move may arrive only with its lifting (moves are batched to frames).
        onPointerUp={(e) => e.currentTarget.hasPointerCapture(e.pointerId) && scrub(e)}
      >
        <div className="timeline-ruler">
          {Array.from({ length: Math.floor((sequence.length - 1) / 10) + 1 }, (_, i) => (
            // A label's anchor slides from its left edge (frame 0) to its right edge (the last frame), so none is cut by the ruler's ends.
            <span
              key={i}
              className="timeline-tick"
              style={{ left: percent(i * 10, sequence.length), transform: `translateX(${(-100 * i * 10) / Math.max(sequence.length - 1, 1)}%)` }}
            >
              {i * 10}
            </span>
          ))}
        </div>
        {sequence.tracks.map((track) => {
          const span = trackSpan(track);
          return (
            <div key={track.id} className="timeline-row" data-track={track.id} data-chosen={scope?.has(track.id) ?? false}>
              <div
                className="timeline-span"
                style={{ left: `${(span.enter / sequence.length) * 100}%`, width: `${((span.leave - span.enter + 1) / sequence.length) * 100}%` }}
              />
              {track.keys.map((key) => (
                <button
                  key={key.frame}
                  type="button"
                  className={`timeline-key${key.frame === frame ? ' current' : ''}${drag?.from === key.frame && carried(track.id) ? ' dragging' : ''}`}
                  style={{ left: percent(drag?.from === key.frame && carried(track.id) && !drag.copy ? drag.to : key.frame, sequence.length) }}
                  data-frame={key.frame}
                  aria-label={t('timeline.keyAt', { frame: key.frame })}
                  onPointerDown={(e) => startKeyDrag(e, key.frame, track.id)}
                  onPointerMove={(e) => drag && setDrag({ ...drag, to: frameAt(e.clientX) })}
                  onPointerUp={endKeyDrag}
                  onPointerCancel={() => setDrag(null)}
                />
              ))}
            </div>
          );
        })}
        <div className="timeline-playhead" style={{ left: percent(frame, sequence.length) }} aria-hidden />
      </div>
    </div>
  );
}
