import { lazy, Suspense, type ReactNode } from 'react';
import { EditorPhotoToPose } from '../estimate/EditorPhotoToPose';
import { useLayoutMode } from '../layout/useLayoutMode';
import { PeopleList } from './people/PeopleList';

const CompactSideSections = lazy(() => import('./CompactSideSections'));

/**
 * The people list and photo to pose around the canvas: beside it in the wide layout; in drawers
 * (tablets) or bottom sheets (phones) opened from the workspace bar otherwise, so the canvas keeps the width.
 */
export function EditorSideSections({ children }: { children: ReactNode }) {
  const mode = useLayoutMode();
  return (
    <div className="editor-body">
      {children}
      {mode === 'wide' ? (
        <div className="editor-side">
          <PeopleList />
          <EditorPhotoToPose />
        </div>
      ) : (
        <Suspense fallback={null}>
          <CompactSideSections side={mode === 'narrow' ? 'bottom' : 'right'} />
        </Suspense>
      )}
    </div>
  );
}
