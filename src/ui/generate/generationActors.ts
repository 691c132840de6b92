import axios from 'axios';
import { fromPromise } from 'xstate';
import { fetchHistory, queryPrompt, stopPrompt } from '../../api/endpoints';
import { failureMessage } from '../../api/failures';
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

/** Settles like the call, but a refused call rejects with the API's "{code}: {description}", which the page keeps on screen. */
async function explained<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // axios's own message ("Request failed with status code 401") would hide why.
    if (axios.isAxiosError(error) && !axios.isCancel(error)) throw new Error(failureMessage(error), { cause: error });
    throw error;
  }
}

/** The generation machine's actors, talking to the real API. */
export const generationActors = {
  submitPrompt: fromPromise(({ input, signal }: { input: GenerationRequest; signal: AbortSignal }) => explained(queryPrompt(input, signal))),
  pollPrompt: fromPromise(({ input, signal }: { input: { promptId: string }; signal: AbortSignal }) => explained(pollOnce(input.promptId, signal))),
  stopPrompt: fromPromise(({ input, signal }: { input: { promptId: string }; signal: AbortSignal }) => explained(stopPrompt(input.promptId, signal))),
};
