import { useSelector } from '@xstate/react';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { keyAt, type KeyScope } from '../../../pose/motion';
import { copyKeys, easeKeys, keyScope, sequenceOf, setFps, setLength } from '../../../editor/model/timelineEdits';
import type { Scene } from '../../../editor/model/scene';
import { useStore } from '../../store';
import { ActionButton } from '../ActionButton';
import { useEditorHandles } from '../EditorContext';
import { NumberField } from '../NumberField';
import { TimelineExports } from './TimelineExports';
import { TimelineTracks } from './TimelineTracks';
import { timelineStore } from './timelineStore';
import { usePlayback } from './usePlayback';

const icon = { 'aria-hidden': true, size: 16, strokeWidth: 1.75 } as const;

interface KeyEditProps {
  scene: Scene;
  frame: number;
  scope: KeyScope;
  copiedFrame: number | null;
  commit(next: Scene): void;
}

/** Which figures key edits act on, and the key edits: add, delete, copy, paste, ease in and out. */
function KeyEditControls({ scene, frame, scope, copiedFrame, commit }: KeyEditProps) {
  const { t } = useTranslation();
  const sequence = sequenceOf(scene);
  const keysHere = sequence.tracks
    .filter((track) => scope === null || scope.has(track.id))
    .map((track) => keyAt(track, frame))
    .filter((k) => k !== undefined);
  const ease = { easeIn: keysHere.some((k) => k.easeIn), easeOut: keysHere.some((k) => k.easeOut) };
  return (
    <>
      <output className="timeline-scope" data-scope={scope === null ? 'all' : 'selected'}>
        {scope === null ? t('motionExtras.scopeAll') : t('motionExtras.scopeSelected', { count: scope.size })}
      </output>
      <ActionButton name="addKey">{t('timeline.addKey')}</ActionButton>
      <ActionButton name="deleteKey">{t('timeline.deleteKey')}</ActionButton>
      <button type="button" className="tool" disabled={keysHere.length === 0} onClick={() => timelineStore.set((s) => ({ ...s, copiedFrame: frame }))}>
        {t('timeline.copyKey')}
      </button>
      <button
        type="button"
        className="tool"
        disabled={copiedFrame === null || copiedFrame === frame || copiedFrame >= sequence.length}
        onClick={() => copiedFrame !== null && commit(copyKeys(scene, copiedFrame, frame, scope))}
      >
        {t('timeline.pasteKey')}
      </button>
      {(['easeIn', 'easeOut'] as const).map((side) => (
        <label key={side} className="timeline-check">
          <input
            type="checkbox"
            disabled={keysHere.length === 0}
            checked={ease[side]}
            onChange={(e) => commit(easeKeys(scene, frame, { ...ease, [side]: e.target.checked }, scope))}
          />
          {t(`timeline.${side}`)}
        </label>
      ))}
    </>
  );
}

/** The timeline under the canvas: playback, keys, frame rate and length, the figures' rows, exports. */
export function TimelinePanel() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const { playing, loop, onionSkin, copiedFrame } = useStore(timelineStore);
  const scene = useSelector(actor, (s) => s.context.scene);
  const frame = useSelector(actor, (s) => s.context.frame);
  const selection = useSelector(actor, (s) => s.context.selection);
  usePlayback(actor, playing);
  const sequence = sequenceOf(scene);
  // Key edits act on the selected figures, or on every figure when none is selected.
  const scope = keyScope(scene, selection);
  const commit = (next: Scene) => actor.send({ type: 'COMMIT', scene: next });
  const toggle = (part: 'loop' | 'onionSkin') => timelineStore.set((s) => ({ ...s, [part]: !s[part] }));
  return (
    <section className="timeline" aria-label={t('timeline.title')} data-frame={frame} data-length={sequence.length}>
      <div className="timeline-controls">
        <ActionButton name="previousKey">
          <ChevronFirst {...icon} />
        </ActionButton>
        <ActionButton name="previousFrame">
          <ChevronLeft {...icon} />
        </ActionButton>
        <ActionButton name="playPause" pressed={playing}>
          {playing ? <Pause {...icon} /> : <Play {...icon} />}
        </ActionButton>
        <ActionButton name="nextFrame">
          <ChevronRight {...icon} />
        </ActionButton>
        <ActionButton name="nextKey">
          <ChevronLast {...icon} />
        </ActionButton>
        <output className="timeline-frame" aria-label={t('timeline.frame')}>
          {t('timeline.frameOf', { frame, length: sequence.length })}
        </output>
        <button type="button" className="tool" aria-pressed={loop} onClick={() => toggle('loop')}>
          {t('timeline.loop')}
        </button>
        <button type="button" className="tool" aria-pressed={onionSkin} onClick={() => toggle('onionSkin')}>
          {t('timeline.onionSkin')}
        </button>
        <KeyEditControls scene={scene} frame={frame} scope={scope} copiedFrame={copiedFrame} commit={commit} />
        <NumberField label={t('timeline.fps')} value={sequence.fps} onCommit={(fps) => commit(setFps(scene, fps))} />
        <NumberField label={t('timeline.length')} value={sequence.length} onCommit={(length) => commit(setLength(scene, length))} />
        <TimelineExports scene={scene} />
      </div>
      <TimelineTracks actor={actor} sequence={sequence} frame={frame} scope={scope} />
    </section>
  );
}

/** The timeline when the user opened it; nothing otherwise. */
export function TimelineArea() {
  const open = useStore(timelineStore, (s) => s.open);
  return open ? <TimelinePanel /> : null;
}
