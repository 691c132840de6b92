import type { HistoryItem } from '../../src/api/schemas.js';
import type { FileStorage } from '../storage/fileStorage.js';
import type { JobView } from './jobStore.js';

/** Turns a job into the history item the API answers, with freshly signed image URLs. */
export async function toHistoryItem(job: JobView, storage: FileStorage, ttlSeconds: number): Promise<HistoryItem> {
  const sign = async (key: string) => (await storage.signedUrl(key, ttlSeconds)).url;
  const images = await Promise.all(
    job.images.map(async (image) => ({
      url: await sign(image.storage_key),
      width: image.width,
      height: image.height,
      engine: image.engine,
      ...(image.content_type ? { content_type: image.content_type } : {}),
    })),
  );
  const { width, height } = job.settings;
  return {
    prompt_id: job.id,
    status: job.status,
    // real comes back as e.g. 0.949999988
    progress: Math.round(job.progress * 1000) / 1000,
    prompt: job.prompt,
    negative_prompt: job.negative_prompt,
    settings: job.settings,
    pose: job.pose,
    // Prompts from before thumbnails were files kept theirs as a data URL.
    pose_thumbnail: job.thumbnail_key ? await sign(job.thumbnail_key) : job.pose_thumbnail,
    engine: job.engine,
    images,
    control_image: job.control_key ? { url: await sign(job.control_key), width, height } : null,
    queue_position: job.queue_position,
    error: job.error,
    created_at: new Date(job.created_at).toISOString(),
    updated_at: new Date(job.updated_at).toISOString(),
  };
}
