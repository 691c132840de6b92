import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './ActionButton';
import { useEditorHandles } from './EditorContext';

/** Over an empty canvas: what to do first. */
export function EmptyCanvas() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const empty = useSelector(actor, (s) => s.context.scene.pose.people.length + s.context.scene.pose.animals.length === 0);
  if (!empty) return null;
  return (
    <div className="editor-empty">
      <p>{t('editor.empty')}</p>
      <div className="editor-empty-actions">
        <ActionButton name="addPerson" className="button-primary" />
        <ActionButton name="addAnimal" className="tool" />
        <ActionButton name="importJson" className="tool" />
      </div>
    </div>
  );
}
