import { Clapperboard, Footprints, LibraryBig } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorProvider } from '../editor/EditorContext';
import { EditorSideSections } from '../editor/EditorSideSections';
import { EditSessionBar } from '../editor/editSession/EditSessionBar';
import { FilePickers, type FilePickerHandle } from '../editor/FilePickers';
import { Inspector } from '../editor/Inspector';
import { EntityMenuHost } from '../editor/menu/EntityMenuHost';
import { StageArea } from '../editor/StageArea';
import { TimelineArea } from '../editor/timeline/TimelinePanel';
import { ActionButton } from '../editor/ActionButton';
import { RenderProfilePicker } from '../editor/RenderProfilePicker';
import { StatusLine } from '../editor/StatusLine';
import { Toolbar } from '../editor/Toolbar';
import { useEditor } from '../editor/useEditor';
import { useClipboardEvents, useShortcuts } from '../editor/useShortcuts';
import '../editor/editor.css';
import { lazyChunk, useChunk } from '../useChunk';

// Loaded when "?" is first pressed: the editor opens without the dialog code.
const HelpDialog = lazy(() => import('../editor/HelpDialog'));
// Loaded when the library is first opened: its presets, the user's poses and their API calls.
const libraryChunk = lazyChunk(() => import('../library/LibraryDialog'));

/** /edit: the pose editor — toolbar, the people list, the stage with its status line, photo to pose, and the inspector. */
export default function EditorPage() {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  // Once opened, the library stays mounted, so it keeps its tab and hand side between openings.
  const [libraryUsed, setLibraryUsed] = useState(false);
  const pickers = useRef<FilePickerHandle>(null);
  const openLibrary = () => {
    setLibraryUsed(true);
    setLibraryOpen(true);
  };
  const LibraryDialog = useChunk(libraryChunk, libraryUsed)?.LibraryDialog;
  // The pointer or the keyboard reaching the row of the Library button starts fetching the library.
  const preloadLibrary = () => void libraryChunk.load().catch(() => undefined);
  const handles = useEditor({ openHelp: () => setHelpOpen(true), pickFile: (kind) => pickers.current?.pick(kind), openLibrary });
  useShortcuts(handles);
  useClipboardEvents(handles);
  return (
    <EditorProvider value={handles}>
      <div className="editor-page">
        <h1 className="visually-hidden">{t('editor.title')}</h1>
        <Toolbar />
        <EditorSideSections>
          <div className="editor-canvas-column">
            <EditSessionBar />
            <StageArea />
            <TimelineArea />
            <StatusLine />
            <div className="editor-document-row" onPointerEnter={preloadLibrary} onFocus={preloadLibrary}>
              <RenderProfilePicker />
              <ActionButton name="openLibrary">
                <LibraryBig aria-hidden size={16} strokeWidth={1.75} />
                <span className="tool-text">{t('editor.actions.openLibrary')}</span>
              </ActionButton>
              {/* The short name shows; the accessible name and the tooltip say what it does. */}
              <ActionButton name="toggleFeet">
                <Footprints aria-hidden size={16} strokeWidth={1.75} />
                <span className="tool-text">{t('editor.parts.feet')}</span>
              </ActionButton>
              <ActionButton name="toggleTimeline">
                <Clapperboard aria-hidden size={16} strokeWidth={1.75} />
                <span className="tool-text">{t('timeline.title')}</span>
              </ActionButton>
            </div>
          </div>
        </EditorSideSections>
        <Inspector />
        <EntityMenuHost />
        <FilePickers ref={pickers} env={handles.env} />
        {helpOpen && (
          <Suspense fallback={null}>
            <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
          </Suspense>
        )}
        {LibraryDialog && <LibraryDialog open={libraryOpen} onOpenChange={setLibraryOpen} />}
      </div>
    </EditorProvider>
  );
}
