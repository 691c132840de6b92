import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { soleEditablePerson } from '../../editor/model/selection';
import { sceneHidesFacingAway, sceneTurn, turnPersonInScene } from '../../editor/posing/turn';
import type { TurnOptions } from '../../pose';
import { useEditorHandles } from './EditorContext';
import { NumberField } from './NumberField';

/** Yaw and pitch (degrees) of the one selected person (none when several figures or an animal are selected); each change is one undoable edit. */
export function TurnFields() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const index = useSelector(actor, (s) => soleEditablePerson(s.context.scene, s.context.selection));
  const yaw = useSelector(actor, (s) => (index === null ? 0 : sceneTurn(s.context.scene, index).yaw));
  const pitch = useSelector(actor, (s) => (index === null ? 0 : sceneTurn(s.context.scene, index).pitch));
  const hides = useSelector(actor, (s) => (index === null ? true : sceneHidesFacingAway(s.context.scene, index)));
  if (index === null) return null;
  const commit = (turn: { yaw: number; pitch: number }, options?: TurnOptions) => {
    const { scene } = actor.getSnapshot().context;
    const next = turnPersonInScene(scene, index, turn, options);
    if (next !== scene) actor.send({ type: 'COMMIT', scene: next });
  };
  return (
    <span className="editor-turn" role="group" aria-label={t('editor.inspector.turn')}>
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
