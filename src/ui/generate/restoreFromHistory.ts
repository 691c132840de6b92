import type { HistoryItem } from '../../api/schemas';
import { parsePoseJson } from '../../pose';
import { notify } from '../notify/notifications';
import { setPoseDocument } from '../stores/poseStore';
import { restoreSettings } from '../settings/settingsStore';
import { promptDraftStore } from './promptDraft';

/** "Use again": puts a past prompt's text, settings and pose back in place. */
export function restoreFromHistory(item: HistoryItem): void {
  promptDraftStore.set({ prompt: item.prompt, negative_prompt: item.negative_prompt ?? '' });
  restoreSettings(item.settings);
  const parsed = parsePoseJson(item.pose);
  if (parsed.ok) setPoseDocument(parsed.document);
  else notify('error', parsed.error.message);
}
