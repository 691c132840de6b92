import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoPoseProgress } from '../../../api/contract';
import { followVideo, stopVideo, submitVideo, videoFileProblem } from '../../../api/videoPoses';
import { formatBytes } from '../../../api/byteSize';
import type { CommandEnv } from '../../../editor/actions/types';
import { notify } from '../../notify/notifications';

/** A video on its way to poses: its prompt id once the server took it, and where it is. */
interface VideoInProgress {
  promptId: string | null;
  progress: VideoPoseProgress | null;
}

/**
 * Import video: sends the file to the server, shows its progress with a Stop button, and hands the
 * POSE_KEYPOINT frame list it answers to the editor's pose import.
 */
export function useVideoImport(env: CommandEnv): { start(file: File): void; panel: ReactNode } {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<VideoInProgress | null>(null);

  const start = (file: File) => {
    const problem = videoFileProblem(file);
    if (problem) {
      notify(
        'error',
        problem.code === 'notVideo'
          ? t('videoImport.notVideo')
          : t('videoImport.tooLarge', { size: formatBytes(file.size), max: formatBytes(problem.maxBytes) }),
      );
      return;
    }
    setCurrent({ promptId: null, progress: null });
    void (async () => {
      try {
        const promptId = await submitVideo(file);
        setCurrent({ promptId, progress: null });
        const result = await followVideo(promptId, (progress) => setCurrent({ promptId, progress }));
        if (!result) notify('warning', t('videoImport.stopped'));
        else {
          env.importText(JSON.stringify(result.frames));
          notify('success', t('videoImport.done', { frames: result.frames.length, people: result.frames[0]?.people.length ?? 0 }));
        }
      } catch (error) {
        notify('error', t('videoImport.failed', { message: error instanceof Error ? error.message : String(error) }));
      } finally {
        setCurrent(null);
      }
    })();
  };

  const progress = current?.progress;
  const text =
    !progress || progress.stage !== 'estimating'
      ? t(current?.promptId ? 'videoImport.decoding' : 'videoImport.uploading')
      : t('videoImport.estimating', { frame: progress.frame, frames: progress.frames });
  const panel = current && (
    <div className="video-import" role="status" data-testid="video-import">
      <span>{text}</span>
      {progress?.stage === 'estimating' && <progress max={progress.frames} value={progress.frame} />}
      <button type="button" disabled={!current.promptId} onClick={() => current.promptId && void stopVideo(current.promptId).catch(() => {})}>
        {t('videoImport.stop')}
      </button>
    </div>
  );
  return { start, panel };
}
