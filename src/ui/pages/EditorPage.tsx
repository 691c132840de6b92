import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorProvider } from '../editor/EditorContext';
import { FilePickers, type FilePickerHandle } from '../editor/FilePickers';
import { HelpDialog } from '../editor/HelpDialog';
import { Inspector } from '../editor/Inspector';
import { StageArea } from '../editor/StageArea';
import { RenderProfilePicker } from '../editor/RenderProfilePicker';
import { Toolbar } from '../editor/Toolbar';
import { useEditor } from '../editor/useEditor';
import { useClipboardEvents, useShortcuts } from '../editor/useShortcuts';
import { EditorPhotoToPose } from '../estimate/EditorPhotoToPose';
import { LibraryDialog } from '../library/LibraryDialog';

/** /edit: the pose editor — toolbar, the stage filling the main area beside photo to pose, and the inspector. */
export default function EditorPage() {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const pickers = useRef<FilePickerHandle>(null);
  const handles = useEditor({ openHelp: () => setHelpOpen(true), pickFile: (kind) => pickers.current?.pick(kind), openLibrary: () => setLibraryOpen(true) });
  useShortcuts(handles);
  useClipboardEvents(handles);
  return (
    <EditorProvider value={handles}>
      <div className="editor-page">
        <div className="editor-head">
          <h1>{t('editor.title')}</h1>
          <Toolbar />
          <RenderProfilePicker />
        </div>
        <div className="editor-body">
          <StageArea />
          <EditorPhotoToPose />
        </div>
        <Inspector />
        <FilePickers ref={pickers} env={handles.env} />
        <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
        <LibraryDialog open={libraryOpen} onOpenChange={setLibraryOpen} />
      </div>
    </EditorProvider>
  );
}
