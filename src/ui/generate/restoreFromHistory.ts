import i18n from 'i18next';
import { fetchHistory } from '../../api/prompts';
import type { HistoryItem, QueryPromptRequest } from '../../api/schemas';
import { parsePoseJson, refitDocument, type PoseDocument } from '../../pose';
import { poseOntoFigures } from '../../editor/model/poseOntoFigures';
import { poseProblemText } from '../../i18n/poseProblems';
import { notify } from '../notify/notifications';
import { notifyUndoable } from '../notify/undoNotice';
import { replacePose } from '../stores/documentCommands';
import { currentPose, documentActor } from '../stores/documentStore';
import { personPromptsDraft } from './personPrompts';
import { promptDraftStore } from './promptDraft';

// History lists leave the pose out (it can be large); one prompt's answer carries it.
async function poseOf(item: HistoryItem): Promise<unknown> {
  if (item.pose != null) return item.pose;
  const { items } = await fetchHistory({ prompt_id: item.prompt_id });
  return items[0]?.pose;
}

/** A past prompt's workflow profile and sampling settings, as a request carries them. */
function samplingOf({ workflow, steps, cfg, strength, depth, depthStrength }: HistoryItem['settings']): Partial<QueryPromptRequest> {
  return Object.fromEntries(
    Object.entries({ workflow, steps, cfg, strength, depth, depth_strength: depthStrength }).filter(([, value]) => value !== undefined),
  );
}

/**
 * Puts a past prompt's pose into the document and says what it did, with Undo. On a sequence the pose
 * goes onto the figures of the frame shown (their points only: ids, tracks and the other keys kept);
 * a single pose is replaced, on the size it was generated at.
 */
function putPoseBack(item: HistoryItem, pose: PoseDocument): void {
  const documents = documentActor();
  const { scene: before, frame } = documents.getSnapshot().context;
  const { width, height, gNumber } = item.settings;
  if (before.sequence) {
    const { scene, posed, added } = poseOntoFigures(before, refitDocument(pose, before.pose.canvas_width, before.pose.canvas_height));
    documents.send({ type: 'COMMIT', scene, selection: { entities: [], joint: null } });
    notifyUndoable(documents, before, i18n.t('history.usedOnFrame', { prompt: item.prompt, frame, posed, added }));
    return;
  }
  replacePose(pose.canvas_width === width && pose.canvas_height === height ? pose : refitDocument(pose, width, height), gNumber);
  const count = before.pose.people.length + before.pose.animals.length;
  notifyUndoable(documents, before, i18n.t('history.usedAgain', { prompt: item.prompt, count }));
}

/**
 * "Use again": puts a past prompt's text, settings (the workflow profile and sampling ones too) and
 * pose back in place; a video's prompt asks first, as only its first frame's pose comes back.
 */
export async function restoreFromHistory(item: HistoryItem): Promise<void> {
  const { frames } = item.settings;
  if (frames !== undefined && !globalThis.confirm(i18n.t('history.useAgainVideo', { prompt: item.prompt, frames }))) return;
  const text = (value: number | undefined, kept: string) => (value === undefined ? kept : String(value));
  const { workflow, steps, cfg, strength, depth, depthStrength } = item.settings;
  promptDraftStore.set((d) => ({
    ...d,
    prompt: item.prompt,
    negative_prompt: item.negative_prompt ?? '',
    workflow: workflow ?? d.workflow,
    steps: text(steps, d.steps),
    cfg: text(cfg, d.cfg),
    strength: text(strength, d.strength),
    // A prompt made with a workflow but without depth had it turned off.
    depth: workflow === undefined ? d.depth : depth ? '' : 'off',
    depth_strength: text(depthStrength, d.depth_strength),
  }));
  const parsed = parsePoseJson(await poseOf(item));
  if (!parsed.ok) {
    notify('error', poseProblemText(parsed.error.problem));
    return;
  }
  putPoseBack(item, parsed.document);
  // Keyed by the people as the editor now holds them (it gives each figure its id).
  const personPrompts = personPromptsDraft(currentPose().people, item.settings.person_prompts);
  promptDraftStore.set((d) => ({ ...d, personPrompts }));
}

/** "Vary": a past prompt again, with its text, settings (workflow profile and sampling too) and pose, and a new random seed. */
export async function varyRequest(item: HistoryItem): Promise<QueryPromptRequest> {
  const pose = await poseOf(item);
  const { width, height, gNumber } = item.settings;
  return {
    prompt: item.prompt,
    ...(item.negative_prompt ? { negative_prompt: item.negative_prompt } : {}),
    width,
    height,
    gNumber,
    ...samplingOf(item.settings),
    ...(item.settings.person_prompts ? { person_prompts: item.settings.person_prompts } : {}),
    pose: pose as QueryPromptRequest['pose'],
  };
}
