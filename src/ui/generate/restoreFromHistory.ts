import { fetchHistory } from '../../api/prompts';
import type { HistoryItem, QueryPromptRequest } from '../../api/schemas';
import { parsePoseJson, rescaleDocument } from '../../pose';
import { notify } from '../notify/notifications';
import { replacePose } from '../stores/documentCommands';
import { promptDraftStore } from './promptDraft';

// History lists leave the pose out (it can be large); one prompt's answer carries it.
async function poseOf(item: HistoryItem): Promise<unknown> {
  if (item.pose != null) return item.pose;
  const { items } = await fetchHistory({ prompt_id: item.prompt_id });
  return items[0]?.pose;
}

/** "Use again": puts a past prompt's text, settings and pose back in place. */
export async function restoreFromHistory(item: HistoryItem): Promise<void> {
  promptDraftStore.set((d) => ({ ...d, prompt: item.prompt, negative_prompt: item.negative_prompt ?? '' }));
  const parsed = parsePoseJson(await poseOf(item));
  if (!parsed.ok) {
    notify('error', parsed.error.message);
    return;
  }
  // The pose goes back on the size it was generated at.
  const { width, height, gNumber } = item.settings;
  const pose = parsed.document;
  replacePose(pose.canvas_width === width && pose.canvas_height === height ? pose : rescaleDocument(pose, width, height), gNumber);
}

/** "Vary": a past prompt again, with its text, settings and pose, and a new random seed. */
export async function varyRequest(item: HistoryItem): Promise<QueryPromptRequest> {
  const pose = await poseOf(item);
  const { width, height, gNumber } = item.settings;
  return {
    prompt: item.prompt,
    ...(item.negative_prompt ? { negative_prompt: item.negative_prompt } : {}),
    width,
    height,
    gNumber,
    pose: pose as QueryPromptRequest['pose'],
  };
}
