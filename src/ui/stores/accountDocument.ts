import type { DocumentContent } from '../../api/documentSchemas';
import { parsePoseJson, toOpenPoseJson } from '../../pose';
import { reviveSequence } from '../../pose/motion';
import { createScene, NO_REFERENCE, type Scene } from '../../editor/model/scene';
import { sceneAtFrame } from '../../editor/model/sequenceScene';
import { EMPTY_SELECTION } from '../../editor/model/selection';
import { documentActor } from './documentStore';

/** The scene a document of the account opens as: its pose and, when it has one, its sequence at frame 0; null when its pose cannot be read. */
export function sceneOfContent(content: DocumentContent): Scene | null {
  const read = parsePoseJson(content.pose);
  if (!read.ok) return null;
  const sequence = content.sequence === undefined ? null : reviveSequence(content.sequence);
  if (!sequence) return createScene(read.document);
  return sceneAtFrame(createScene({ ...read.document, people: [], animals: [] }, NO_REFERENCE, sequence), 0);
}

/** What the account stores of a scene: the pose with its figures' ids (so the sequence's tracks stay its figures), the sequence, and each person's own prompt. */
export function contentOfScene(scene: Scene, personPrompts: Record<string, string> = {}): DocumentContent {
  const ids = new Set([...scene.pose.people.map((person) => person.figure?.id), ...(scene.sequence?.tracks ?? []).map((track) => track.id)]);
  const prompts = Object.fromEntries(Object.entries(personPrompts).filter(([id, text]) => ids.has(id) && text.trim()));
  return {
    pose: toOpenPoseJson(scene.pose, { ids: true }),
    ...(scene.sequence ? { sequence: scene.sequence } : {}),
    ...(Object.keys(prompts).length ? { person_prompts: prompts } : {}),
  };
}

/** Opens a document of the account in the editor, replacing the one there as one undoable edit; false when it cannot be read. */
export function openAccountDocument(content: DocumentContent): boolean {
  const scene = sceneOfContent(content);
  if (!scene) return false;
  const documents = documentActor();
  documents.send({ type: 'COMMIT', scene, selection: EMPTY_SELECTION });
  documents.send({ type: 'SET_FRAME', frame: 0 });
  return true;
}
