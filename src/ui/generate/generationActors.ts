import { fromPromise } from 'xstate';
import { fetchHistory, queryPrompt, stopPrompt } from '../../api/endpoints';
import {
  MAX_POLL_FAILURES,
  POLL_INTERVAL_MS,
  type GenerationRequest,
  type PromptProgress,
} from '../../machines/generation.machine';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Waits a poll interval, then reads the prompt from the history; retries a flaky network a few times. */
async function pollOnce(promptId: string, signal: AbortSignal): Promise<PromptProgress> {
  for (let failures = 0; ; failures++) {
    await sleep(POLL_INTERVAL_MS * (failures + 1), signal);
    try {
      const page = await fetchHistory({ prompt_id: promptId, page: 1, page_size: 1 }, signal);
      const item = page.items[0];
      if (!item) throw new Error(`Prompt ${promptId} is not in your history`);
      return { prompt_id: item.prompt_id, status: item.status, progress: item.progress, images: item.images, error: item.error };
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      // A 4xx will not get better by asking again; a lost network might.
      if (signal.aborted || (status && status < 500) || failures + 1 >= MAX_POLL_FAILURES) throw error;
    }
  }
}

/** The generation machine's actors, talking to the real API. */
export const generationActors = {
  submitPrompt: fromPromise(({ input, signal }: { input: GenerationRequest; signal: AbortSignal }) => queryPrompt(input, signal)),
  pollPrompt: fromPromise(({ input, signal }: { input: { promptId: string }; signal: AbortSignal }) => pollOnce(input.promptId, signal)),
  stopPrompt: fromPromise(({ input, signal }: { input: { promptId: string }; signal: AbortSignal }) => stopPrompt(input.promptId, signal)),
};
