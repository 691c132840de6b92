import { useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { soleEditablePerson } from '../../editor/model/selection';
import { sceneHidesFacingAway, sceneTurn, turnPersonInScene } from '../../editor/posing/turn';
import type { TurnOptions } from '../../pose';
import { useEditorHandles, type EditorHandles } from './EditorContext';
import { NumberField } from './NumberField';

/**
 * Follows a turn-handle drag in the two fields, written straight into the inputs (no React render
 * on a pointer move): the stage's `data-live-turn` holds the turn the drag shows; when it goes, the
 * fields show the committed turn again (the new one after a release; the old one after Esc).
 */
function useLiveTurn(group: RefObject<HTMLSpanElement | null>, actor: EditorHandles['actor']): void {
  useEffect(() => {
    const stage = document.querySelector<HTMLElement>('.pose-stage');
    if (!stage) return;
    const observer = new MutationObserver(() => {
      const live = stage.dataset.liveTurn?.split(' ').map(Number);
      const { scene, selection } = actor.getSnapshot().context;
      const sole = soleEditablePerson(scene, selection);
      const { yaw, pitch } = sole === null ? { yaw: 0, pitch: 0 } : sceneTurn(scene, sole);
      const inputs = group.current?.querySelectorAll('input[type="text"]') ?? [];
      [live?.[0] ?? yaw, live?.[1] ?? pitch].forEach((v, i) => {
        const input = inputs[i] as HTMLInputElement | undefined;
        if (input && input !== document.activeElement) input.value = String(v);
      });
    });
    observer.observe(stage, { attributes: true, attributeFilter: ['data-live-turn'] });
    return () => observer.disconnect();
  }, [group, actor]);
}

/** Yaw and pitch (degrees) of the one selected person (none when several figures or an animal are selected); each change is one undoable edit; a turn-handle drag shows in them live. */
export function TurnFields() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const group = useRef<HTMLSpanElement>(null);
  const index = useSelector(actor, (s) => soleEditablePerson(s.context.scene, s.context.selection));
  const yaw = useSelector(actor, (s) => (index === null ? 0 : sceneTurn(s.context.scene, index).yaw));
  const pitch = useSelector(actor, (s) => (index === null ? 0 : sceneTurn(s.context.scene, index).pitch));
  const hides = useSelector(actor, (s) => (index === null ? true : sceneHidesFacingAway(s.context.scene, index)));
  useLiveTurn(group, actor);
  if (index === null) return null;
  const commit = (turn: { yaw: number; pitch: number }, options?: TurnOptions) => {
    const { scene } = actor.getSnapshot().context;
    const next = turnPersonInScene(scene, index, turn, options);
    if (next !== scene) actor.send({ type: 'COMMIT', scene: next });
  };
  return (
    <span ref={group} className="editor-turn" role="group" aria-label={t('editor.inspector.turn')}>
      <NumberField label={t('editor.inspector.yaw')} value={yaw} onCommit={(v) => commit({ yaw: v, pitch })} />
      <NumberField label={t('editor.inspector.pitch')} value={pitch} onCommit={(v) => commit({ yaw, pitch: v })} />
      {/* Only a turned person has points facing away to hide or show. */}
      {(yaw !== 0 || pitch !== 0) && (
        <label className="inspector-visible">
          <input type="checkbox" checked={hides} onChange={() => commit({ yaw, pitch }, { hideFacingAway: !hides })} />
          {t('editor.inspector.hideFacingAway')}
        </label>
      )}
    </span>
  );
}
