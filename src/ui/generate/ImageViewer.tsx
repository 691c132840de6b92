import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { GeneratedImage } from '../../machines/generation.machine';
import { isVideoResult, ResultVideo } from './ResultMedia';

/** The control image a prompt's results were made from (the pose as the model was given it). */
export interface ControlImage {
  url: string;
  width: number;
  height: number;
}

interface ImageViewerProps {
  images: GeneratedImage[];
  promptId: string;
  /** Shown first, beside the results, and next to each result opened large (to compare). */
  control?: ControlImage | null;
}

/** Generated images in a grid, after the control image they were made from when known; each opens large (beside the control image) and can be downloaded. */
export function ImageGrid({ images, promptId, control }: ImageViewerProps) {
  const { t } = useTranslation();
  const controlAlt = control ? t('generate.controlAlt', { width: control.width, height: control.height }) : '';
  const videos = images.filter(isVideoResult);
  const stills = images.filter((image) => !isVideoResult(image));
  return (
    <ul className="image-grid">
      {control && (
        <li className="control-tile">
          <img className="control-image" src={control.url} alt={controlAlt} loading="lazy" />
          <span className="image-caption">{t('generate.controlCaption')}</span>
        </li>
      )}
      {videos.map((video) => (
        <ResultVideo key={video.url} video={video} promptId={promptId} />
      ))}
      {stills.map((image, i) => (
        <li key={image.url}>
          <Dialog.Root>
            <Dialog.Trigger asChild>
              <button type="button" className="image-thumb" aria-label={t('generate.openImage', { n: i + 1 })}>
                <img src={image.url} alt={t('generate.imageAlt', { n: i + 1, width: image.width, height: image.height })} loading="lazy" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="dialog-overlay" />
              <Dialog.Content className="image-dialog" aria-describedby={undefined}>
                <Dialog.Title className="visually-hidden">{t('generate.imageAlt', { n: i + 1, width: image.width, height: image.height })}</Dialog.Title>
                <div className="image-compare" data-compare={control ? 'true' : 'false'}>
                  <img src={image.url} alt={t('generate.imageAlt', { n: i + 1, width: image.width, height: image.height })} />
                  {control && <img src={control.url} alt={controlAlt} />}
                </div>
                <div className="image-dialog-bar">
                  <span>{t('generate.madeBy', { engine: image.engine, width: image.width, height: image.height })}</span>
                  <a href={image.url} download={`posecraft-${promptId}-${i + 1}.png`}>
                    {t('generate.download')}
                  </a>
                  <Dialog.Close className="button-secondary">{t('generate.close')}</Dialog.Close>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <span className="image-caption">{t('generate.engineCaption', { engine: image.engine })}</span>
        </li>
      ))}
    </ul>
  );
}
