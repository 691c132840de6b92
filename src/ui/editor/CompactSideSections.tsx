import { Camera, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorPhotoToPose } from '../estimate/EditorPhotoToPose';
import { Drawer } from '../layout/Drawer';
import { BarButton } from '../layout/WorkspaceBar';
import { WorkspaceBarButtons } from '../layout/workspaceSlot';
import { PeopleList } from './people/PeopleList';

/** The people list and photo to pose as drawers (tablets) or bottom sheets (phones), opened from the workspace bar; its own chunk. */
export default function CompactSideSections({ side }: { side: 'right' | 'bottom' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'people' | 'photo' | null>(null);
  const drawer = (name: 'people' | 'photo') =>
    ({ open: open === name, onOpenChange: (o: boolean) => setOpen(o ? name : null), closeLabel: t('layout.close'), side }) as const;
  return (
    <>
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
    </>
  );
}
