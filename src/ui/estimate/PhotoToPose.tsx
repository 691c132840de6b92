import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePoseJson, type PoseDocument } from '../../pose/index';
import { EstimationProgress } from './EstimationProgress';
import { PhotoDrop } from './PhotoDrop';
import { PhotoOptions, type PhotoChoices, type PoseMerge } from './PhotoOptions';
import { inMegabytes, photoProblem, usePhotoMaxBytes } from './readPhoto';
import { readAsDataUrl } from '../editor/background/readImage';
import { useEstimation } from './useEstimation';
import './photoToPose.css';

export type { PoseMerge } from './PhotoOptions';

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
  const photoMaxBytes = usePhotoMaxBytes();
  const [options, setOptions] = useState<PhotoChoices>({ hands: true, face: true, mode: defaultMode });
  const [photo, setPhoto] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const delivered = useRef<unknown>(null);
  const titleId = useId();
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const failed = snapshot.matches({ closed: 'failed' });
  const done = snapshot.matches({ closed: 'done' });

  // Set while a chosen photo is read, before the machine is busy: a second photo then waits its turn
  // rather than being shown while the first one's people arrive.
  const reading = useRef(false);
  async function choose(file: File | undefined) {
    if (!file || busy || signIn || reading.current) return;
    const why = photoProblem(file, photoMaxBytes);
    setProblem(why ? t(why, { mb: inMegabytes(photoMaxBytes ?? 0) }) : null);
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
  // choose() reads the options as they are when the photo is taken, so it is an effect event.
  const takeGivenPhoto = useEffectEvent((file: File) => {
    onGivenPhotoTaken?.();
    void choose(file);
  });
  useEffect(() => {
    if (!givenPhoto || signIn || busy || reading.current) return;
    takeGivenPhoto(givenPhoto);
  }, [givenPhoto, signIn, busy]);

  // Each result is handed over once, when it arrives.
  useEffect(() => {
    if (!done || !context.result || !photo || delivered.current === context.result) return;
    delivered.current = context.result;
    const parsed = parsePoseJson(context.result);
    if (parsed.ok && parsed.document.people.length > 0) onResult(parsed.document, photo, options.mode);
  }, [done, context.result, photo, onResult, options.mode]);

  const found = done ? (context.result?.people.length ?? 0) : null;

  return (
    <section className="photo-to-pose" aria-busy={busy} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('estimate.title')}</h3>
      <PhotoDrop photo={photo} canChoose={!busy && !signIn} maxBytes={photoMaxBytes} onChoose={(file) => void choose(file)} />
      <PhotoOptions choices={options} onChange={setOptions} busy={busy} />
      {signIn && (
        <p className="muted">
          {t('estimate.signedOut')}{' '}
          <button type="button" className="link-button" onClick={signIn}>
            {t('auth.signIn')}
          </button>
        </p>
      )}
      {busy && <EstimationProgress stage={context.stage} progress={context.progress} onCancel={() => send({ type: 'CANCEL' })} />}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {t('estimate.failed', { error: context.error })}{' '}
          <button type="button" className="link-button" onClick={() => send({ type: 'RETRY' })}>
            {t('estimate.retry')}
          </button>
        </p>
      )}
      {found === 0 && <p role="status">{t('estimate.noPerson')}</p>}
      {found !== null && found > 0 && <p role="status">{t('estimate.found', { count: found })}</p>}
    </section>
  );
}
