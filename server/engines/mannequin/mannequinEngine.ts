import type { FfmpegPrograms } from '../../video/ffmpeg.js';
import { throwIfAborted, type Engine, type EngineImage, type EngineJob, type RunOptions } from '../engine.js';
import { withTextChunk } from '../png/pngText.js';

/** The PNG text keyword under which a mannequin image names each person's prompt (JSON: [{person, prompt}]). */
export const PERSON_PROMPTS_KEYWORD = 'posecraft:person_prompts';
import { cachedEncoding, renderMannequinVideo } from './mannequinVideo.js';

// The drawing itself (renderMannequin.ts, with the native canvas) runs in the render process only:
// the API process does not load the canvas library (~30 MB resident) for it.

/** The built-in engine: a shaded artist's mannequin in the pose, on the CPU, gNumber seeded variants; or one video of a pose sequence (ffmpeg). */
export function createMannequinEngine(programs: FfmpegPrograms): Engine {
  const encoding = cachedEncoding(programs);
  return {
    name: 'mannequin',
    label: 'mannequin (built-in)',
    async run(job: EngineJob, { onProgress, signal, render }: RunOptions): Promise<EngineImage[]> {
      const images: EngineImage[] = [];
      for (let i = 0; i < job.gNumber; i++) {
        throwIfAborted(signal);
        const drawn = await render({ kind: 'mannequin', pose: job.poseJson, width: job.width, height: job.height, seed: job.seed, index: i });
        // The mannequin draws no text: each person's prompt travels in the image's metadata, so the path can be followed without a GPU.
        const png = job.personPrompts?.length ? withTextChunk(drawn, PERSON_PROMPTS_KEYWORD, JSON.stringify(job.personPrompts)) : drawn;
        images.push({ png, width: job.width, height: job.height });
        onProgress((i + 1) / job.gNumber);
      }
      return images;
    },
    runVideo: (job, options) => renderMannequinVideo(job, options, programs, encoding),
  };
}
