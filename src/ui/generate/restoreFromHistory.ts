import type { HistoryItem, QueryPromptRequest } from '../../api/schemas';
import { parsePoseJson, rescaleDocument } from '../../pose';
import { notify } from '../notify/notifications';
import { replacePose } from '../stores/documentCommands';
import { promptDraftStore } from './promptDraft';

/** "Use again": puts a past prompt's text, settings and pose back in place. */
export function restoreFromHistory(item: HistoryItem): void {
  promptDraftStore.set((d) => ({ ...d, prompt: item.prompt, negative_prompt: item.negative_prompt ?? '' }));
  const parsed = parsePoseJson(item.pose);
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
export function varyRequest(item: HistoryItem): QueryPromptRequest {
  const { width, height, gNumber } = item.settings;
  return {
    prompt: item.prompt,
    ...(item.negative_prompt ? { negative_prompt: item.negative_prompt } : {}),
    width,
    height,
    gNumber,
    pose: item.pose as QueryPromptRequest['pose'],
  };
}
