import { useRef, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_MAX_MB, PHOTO_TYPES } from '../../api/contract';

interface PhotoDropProps {
  /** The photo being estimated, as a data URL, shown in the drop zone. */
  photo: string | null;
  /** Whether the user may choose a photo now (signed in, no estimate running). */
  canChoose: boolean;
  onChoose(file: File | undefined): void;
}

/** The drop zone of the photo-to-pose section: drop a photo, or pick one with the file dialog. */
export function PhotoDrop({ photo, canChoose, onChoose }: PhotoDropProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    onChoose(event.dataTransfer.files[0]);
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same photo again (say, to add it rather than replace) still fires a change.
    event.target.value = '';
    onChoose(file);
  };
  return (
    <div className="photo-drop" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      {photo && <img src={photo} alt={t('estimate.photoAlt')} />}
      <p>
        {t('estimate.drop')}{' '}
        <button type="button" className="link-button" disabled={!canChoose} onClick={() => input.current?.click()}>
          {t('estimate.choose')}
        </button>
      </p>
      <p className="muted">{t('estimate.types', { mb: PHOTO_MAX_MB })}</p>
      <input ref={input} type="file" hidden accept={PHOTO_TYPES.join(',')} onChange={onPick} />
    </div>
  );
}
