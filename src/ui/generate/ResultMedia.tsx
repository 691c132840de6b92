import { useTranslation } from 'react-i18next';
import type { HistoryImage } from '../../api/schemas';

/** Whether a generated result is a video (a pose sequence rendered) rather than an image. */
export function isVideoResult(result: HistoryImage): boolean {
  return result.content_type?.startsWith('video/') ?? false;
}

interface ResultVideoProps {
  video: HistoryImage;
  promptId: string;
}

/** A video result in the history: a looping player with its own controls, and a download link. */
export function ResultVideo({ video, promptId }: ResultVideoProps) {
  const { t } = useTranslation();
  const label = t('videoResult.label', { width: video.width, height: video.height });
  const extension = video.content_type === 'video/webm' ? 'webm' : 'mp4';
  return (
    <li className="video-tile">
      {/* Generated from poses: there is no speech to caption. */}
      <video
        className="result-video"
        src={video.url}
        controls
        loop
        muted
        playsInline
        preload="metadata"
        aria-label={label}
        width={video.width}
        height={video.height}
      />
      <span className="image-caption">
        {t('videoResult.caption', { engine: video.engine })} ·{' '}
        <a href={video.url} download={`posecraft-${promptId}.${extension}`}>
          {t('videoResult.download')}
        </a>
      </span>
    </li>
  );
}
