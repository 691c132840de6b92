import { Camera, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorPhotoToPose } from '../estimate/EditorPhotoToPose';
import { Drawer } from '../layout/Drawer';
import { useLayoutMode } from '../layout/useLayoutMode';
import { BarButton, WorkspaceBarButtons } from '../layout/WorkspaceBar';
import { PeopleList } from './people/PeopleList';

/**
 * The people list and photo to pose around the canvas: beside it in the wide layout; in drawers
 * (tablets) or bottom sheets (phones) opened from the workspace bar otherwise, so the canvas keeps the width.
 */
export function EditorSideSections({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mode = useLayoutMode();
  const [open, setOpen] = useState<'people' | 'photo' | null>(null);
  if (mode === 'wide') {
    return (
      <div className="editor-body">
        {children}
        <div className="editor-side">
          <PeopleList />
          <EditorPhotoToPose />
        </div>
      </div>
    );
  }
  const side = mode === 'narrow' ? 'bottom' : 'right';
  const drawer = (name: 'people' | 'photo') => ({
    open: open === name,
    onOpenChange: (o: boolean) => setOpen(o ? name : null),
    closeLabel: t('layout.close'),
    side,
  } as const);
  return (
    <div className="editor-body">
      {children}
      <WorkspaceBarButtons>
        <BarButton label={t('layout.openPeople')} icon={<Users aria-hidden size={20} />} expanded={open === 'people'} onClick={() => setOpen('people')} />
        <BarButton label={t('layout.openPhoto')} icon={<Camera aria-hidden size={20} />} expanded={open === 'photo'} onClick={() => setOpen('photo')} />
      </WorkspaceBarButtons>
      <Drawer {...drawer('people')} title={t('editor.people.title')}>
        <PeopleList />
      </Drawer>
      <Drawer {...drawer('photo')} title={t('layout.openPhoto')}>
        <EditorPhotoToPose />
      </Drawer>
    </div>
  );
}
