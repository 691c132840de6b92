import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { GeneratedImage } from '../../machines/generation.machine';

interface ImageViewerProps {
  images: GeneratedImage[];
  promptId: string;
}

/** Generated images in a grid; each opens large and can be downloaded. */
export function ImageGrid({ images, promptId }: ImageViewerProps) {
  const { t } = useTranslation();
  return (
    <ul className="image-grid">
      {images.map((image, i) => (
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
                <img src={image.url} alt={t('generate.imageAlt', { n: i + 1, width: image.width, height: image.height })} />
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
