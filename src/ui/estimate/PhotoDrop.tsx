import { useRef, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES } from '../../pose/index';
import { inMegabytes } from './readPhoto';

interface PhotoDropProps {
  /** The photo being estimated, as a data URL, shown in the drop zone. */
  photo: string | null;
  /** Whether the user may choose a photo now (signed in, no estimate running). */
  canChoose: boolean;
  /** The largest photo the server takes, in bytes; null while not known. */
  maxBytes: number | null;
  onChoose(file: File | undefined): void;
}

/** The drop zone of the photo-to-pose section: drop a photo, or pick one with the file dialog. */
export function PhotoDrop({ photo, canChoose, maxBytes, onChoose }: PhotoDropProps) {
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
      {maxBytes !== null && <p className="muted">{t('estimate.types', { mb: inMegabytes(maxBytes) })}</p>}
      <input ref={input} type="file" hidden accept={IMAGE_TYPES.join(',')} onChange={onPick} />
    </div>
  );
}
