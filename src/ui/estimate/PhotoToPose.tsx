import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePoseJson, type PoseDocument } from '../../pose/index';
import { PHOTO_MAX_MB, PHOTO_TYPES } from './estimationActors';
import { EstimationProgress } from './EstimationProgress';
import { photoProblem } from './readPhoto';
import { readAsDataUrl } from '../editor/background/readImage';
import { useEstimation } from './useEstimation';
import './photoToPose.css';

/** Whether the people found replace the pose being edited or join it. */
export type PoseMerge = 'replace' | 'add';

export interface PhotoToPoseProps {
  /** Called once per estimate that found people: the pose in the photo's pixels, the photo, and the user's choice. */
  onResult(document: PoseDocument, photoDataUrl: string, mode: PoseMerge): void;
  defaultMode?: PoseMerge;
  /** Set while nobody is signed in (the estimator needs a token): offered instead of estimating. */
  signIn?: () => void;
  /** A photo given from elsewhere (dropped on the panel's Modify Pose): estimated as soon as the section can. */
  givenPhoto?: File | null;
  /** Called when the given photo is taken (after the section mounted), so it is estimated once. */
  onGivenPhotoTaken?: () => void;
}

/** Pick or drop a photo; the people in it come back as an editable OpenPose pose (body, hands, face). */
export function PhotoToPose({ onResult, defaultMode = 'replace', signIn, givenPhoto, onGivenPhotoTaken }: PhotoToPoseProps) {
  const { t } = useTranslation();
  const { snapshot, send } = useEstimation();
  const [options, setOptions] = useState({ hands: true, face: true, mode: defaultMode });
  const [photo, setPhoto] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const delivered = useRef<unknown>(null);
  const titleId = useId();
  const { context } = snapshot;
  const busy = snapshot.matches('connecting') || snapshot.matches('streaming');
  const failed = snapshot.matches({ closed: 'failed' });
  const done = snapshot.matches({ closed: 'done' });

  // Set while a chosen photo is read, before the machine is busy: a second photo then waits its turn
  // rather than being shown while the first one's people arrive.
  const reading = useRef(false);
  async function choose(file: File | undefined) {
    if (!file || busy || signIn || reading.current) return;
    const why = photoProblem(file);
    setProblem(why ? t(why, { mb: PHOTO_MAX_MB }) : null);
    if (why) return;
    reading.current = true;
    try {
      setPhoto(await readAsDataUrl(file));
      send({ type: 'ESTIMATE', request: { photo: file, fileName: file.name || 'photo', hands: options.hands, face: options.face } });
    } finally {
      reading.current = false;
    }
  }

  // A photo given from the panel is estimated as if dropped here, once the user can estimate and no
  // other estimate runs. It is taken in an effect, after mounting: a render React throws away
  // (router navigations render in a transition) must not take it.
  useEffect(() => {
    if (!givenPhoto || signIn || busy || reading.current) return;
    onGivenPhotoTaken?.();
    void choose(givenPhoto);
    // choose() reads the options as they are when the photo is taken.
  }, [givenPhoto, signIn, busy]);

  // Each result is handed over once, when it arrives.
  useEffect(() => {
    if (!done || !context.result || !photo || delivered.current === context.result) return;
    delivered.current = context.result;
    const parsed = parsePoseJson(context.result);
    if (parsed.ok && parsed.document.people.length > 0) onResult(parsed.document, photo, options.mode);
  }, [done, context.result, photo, onResult, options.mode]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void choose(event.dataTransfer.files[0]);
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same photo again (say, to add it rather than replace) still fires a change.
    event.target.value = '';
    void choose(file);
  };
  const found = done ? (context.result?.people.length ?? 0) : null;

  return (
    <section className="photo-to-pose" aria-busy={busy} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('estimate.title')}</h3>
      <div className="photo-drop" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        {photo && <img src={photo} alt={t('estimate.photoAlt')} />}
        <p>
          {t('estimate.drop')}{' '}
          <button type="button" className="link-button" disabled={busy || !!signIn} onClick={() => input.current?.click()}>
            {t('estimate.choose')}
          </button>
        </p>
        <p className="muted">{t('estimate.types', { mb: PHOTO_MAX_MB })}</p>
        <input ref={input} type="file" hidden accept={PHOTO_TYPES.join(',')} onChange={onPick} />
      </div>
      <fieldset className="photo-options" disabled={busy}>
        <label><input type="checkbox" checked={options.hands} onChange={(e) => setOptions({ ...options, hands: e.target.checked })} /> {t('estimate.hands')}</label>
        <label><input type="checkbox" checked={options.face} onChange={(e) => setOptions({ ...options, face: e.target.checked })} /> {t('estimate.faces')}</label>
      </fieldset>
      <fieldset className="photo-options">
        <legend>{t('estimate.mode')}</legend>
        {(['replace', 'add'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name="photo-mode" checked={options.mode === mode} onChange={() => setOptions({ ...options, mode })} /> {t(`estimate.${mode}`)}
          </label>
        ))}
      </fieldset>
      {signIn && (
        <p className="muted">
          {t('estimate.signedOut')}{' '}
          <button type="button" className="link-button" onClick={signIn}>{t('auth.signIn')}</button>
        </p>
      )}
      {busy && <EstimationProgress stage={context.stage} progress={context.progress} onCancel={() => send({ type: 'CANCEL' })} />}
      {problem && <p className="field-error" role="alert">{problem}</p>}
      {failed && (
        <p className="field-error" role="alert">
          {t('estimate.failed', { error: context.error })}{' '}
          <button type="button" className="link-button" onClick={() => send({ type: 'RETRY' })}>{t('estimate.retry')}</button>
        </p>
      )}
      {found === 0 && <p role="status">{t('estimate.noPerson')}</p>}
      {found !== null && found > 0 && <p role="status">{t('estimate.found', { count: found })}</p>}
    </section>
  );
}
