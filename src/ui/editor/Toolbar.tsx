import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './ActionButton';
import { BackgroundControls } from './background/BackgroundControls';
import { useEditorHandles } from './EditorContext';
import { isLocked } from '../../editor/model/scene';
import { ZoomControls } from './ZoomControls';

const GROUPS = [
  ['addPerson', 'addAnimal', 'duplicate', 'delete'],
  ['flip', 'mirrorLeftToRight', 'mirrorRightToLeft', 'toggleSymmetry', 'lock'],
  ['toggleHands', 'toggleFace', 'togglePoint'],
  ['undo', 'redo'],
  ['importJson', 'exportJson', 'copyJson', 'pasteJson', 'exportPng'],
] as const;

/** The editor's toolbar: every button runs a registered action. */
export function Toolbar() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const symmetry = useSelector(actor, (s) => s.context.symmetry);
  const locked = useSelector(actor, (s) => s.context.selection.entities.length > 0 && s.context.selection.entities.every((r) => isLocked(s.context.scene, r)));
  const pressed: Partial<Record<string, boolean>> = { toggleSymmetry: symmetry, lock: locked };
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {GROUPS.map((group) => (
        <div className="tool-group" key={group[0]}>
          {group.map((name) => (
            <ActionButton key={name} name={name} pressed={pressed[name]} />
          ))}
        </div>
      ))}
      <ZoomControls />
      <BackgroundControls />
      <div className="tool-group">
        <ActionButton name="help">?</ActionButton>
      </div>
    </div>
  );
}
