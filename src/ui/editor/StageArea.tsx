import { useTranslation } from 'react-i18next';
import { PoseStage } from '../../canvas/PoseStage';
import { notify } from '../notify/notifications';
import { useSelector } from '@xstate/react';
import { useEditorHandles } from './EditorContext';
import { EmptyCanvas } from './EmptyCanvas';
import { loadFile } from './FilePickers';
import { PosingToolbar } from './PosingToolbar';
import { SkeletonReadingStatus } from './SkeletonReadingStatus';
import { SideView } from './sideView/SideView';
import { sideViewStore } from './sideView/sideViewStore';
import { useStore } from '../store';
import { OnionSkin } from './timeline/OnionSkin';

/** The stage filling the main area with the posing tools beside it; a pose file or an image can be dropped on it. */
export function StageArea() {
  const { t } = useTranslation();
  const { actor, view, env } = useEditorHandles();
  const reference = useSelector(actor, (s) => s.context.scene.reference);
  const sideView = useStore(sideViewStore, (s) => s.open);
  return (
    <div className="editor-stage-row">
      <PosingToolbar sideView={sideView} />
      <div
        className="editor-stage-area"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const file = e.dataTransfer.files[0];
          if (file) void loadFile(file, env, (message) => notify('error', t('editor.failed', { message })));
        }}
      >
        <PoseStage actor={actor} view={view} background={reference} label={t('editor.stage')} />
        <OnionSkin />
        <EmptyCanvas />
        <SkeletonReadingStatus />
        {sideView && <SideView />}
      </div>
    </div>
  );
}
