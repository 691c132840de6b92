import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { getAction, runAction } from '../../editor/actions/registry';
import { actionStateOf, useEditorHandles } from './EditorContext';
import { jointLabel } from './jointLabel';
import { getJoint, sameJoint } from '../../editor/model/joints';
import { isLocked } from '../../editor/model/scene';
import { NumberField } from './NumberField';
import { TurnFields } from './TurnFields';

/** The selected joint's name, numeric x/y and visibility; or what is selected; or a hint. */
export function Inspector() {
  const { t } = useTranslation();
  const { actor, env } = useEditorHandles();
  const joint = useSelector(actor, (s) => s.context.selection.joint, sameJoint);
  const point = useSelector(actor, (s) => (joint ? getJoint(s.context.scene, joint) : undefined));
  const locked = useSelector(actor, (s) => (joint ? isLocked(s.context.scene, joint.entity) : false));
  const count = useSelector(actor, (s) => s.context.selection.entities.length);
  const label = useSelector(actor, (s) => (joint ? jointLabel(t, s.context.scene, joint) : ''));
  const body = (() => {
    if (joint && point) {
      const set = (x: number, y: number) => actor.send({ type: 'SET_JOINT', joint, point: { x, y } });
      return (
        <>
          <strong className="inspector-name">{label}</strong>
          <NumberField label="X" value={point.x} onCommit={(x) => set(x, point.y)} />
          <NumberField label="Y" value={point.y} onCommit={(y) => set(point.x, y)} />
          <label className="inspector-visible">
            <input
              type="checkbox"
              checked={point.visible}
              disabled={locked}
              onChange={() => runAction(getAction('togglePoint'), actionStateOf(actor.getSnapshot()), env)}
            />
            {t('editor.inspector.visible')}
          </label>
          {locked && <span className="muted">{t('editor.inspector.locked')}</span>}
        </>
      );
    }
    // The turn fields stand beside the count only (not the joint's fields), so the bar never outgrows its row mid-gesture.
    if (count > 0) {
      return (
        <>
          <span>{t('editor.inspector.selected', { count })}</span>
          <TurnFields />
        </>
      );
    }
    return <span className="muted">{t('editor.inspector.hint')}</span>;
  })();
  return (
    <div className="editor-inspector" role="group" aria-label={t('editor.inspector.title')}>
      {body}
    </div>
  );
}
