import { SIZE_MAX } from '../../../src/api/contract';
import { MAX_FIGURES } from '../../../src/pose/index';
import { createDefaultPerson, toOpenPoseJson, type PoseDocument } from '../../../src/pose';
import { createTestUser } from '../../support/emulator';
import { queuePrompt, stopPromptAsUser } from './promptApi';

/** Prompts another user has queued to keep the server's one mannequin worker busy; stop them when done. */
export interface BusyQueue {
  promptIds: string[];
  /** Stops every one of the prompts (queued or running), so later tests find an idle worker. */
  release(): Promise<void>;
}

/** The slowest pose the API accepts: the most people it allows, on the largest canvas. */
function crowdedPose(): PoseDocument {
  const people = Array.from({ length: MAX_FIGURES }, (_, i) =>
    createDefaultPerson({ centre: { x: 60 + (i % 10) * 90, y: 120 + Math.floor(i / 10) * 80 }, height: 400 }),
  );
  return { canvas_width: SIZE_MAX, canvas_height: SIZE_MAX, people, animals: [] };
}

/**
 * Another user queues `count` of the heaviest prompts (four 1024 x 1024 images of a crowd each), as a
 * busy server would have; the single worker takes them first come, first served, so a prompt sent
 * after them waits in the queue for seconds.
 */
export async function fillQueue(baseURL: string, count: number): Promise<BusyQueue> {
  // One prompt from each of `count` neighbours: queues are fair across users, so a later user's
  // prompt waits behind other users' prompts, not behind one user's burst.
  const others = await Promise.all(Array.from({ length: count }, (_, i) => createTestUser(`busy-neighbour-${i}`)));
  const request = { prompt: 'a crowd', width: SIZE_MAX, height: SIZE_MAX, gNumber: 4, pose: toOpenPoseJson(crowdedPose()) };
  const queued: Array<{ promptId: string; token: string }> = [];
  for (const other of others) queued.push({ promptId: (await queuePrompt(baseURL, other.idToken, request)).prompt_id, token: other.idToken });
  const promptIds = queued.map((q) => q.promptId);
  return {
    promptIds,
    async release() {
      // Queued ones go first (at once); a running one stops at its next image.
      for (const { promptId, token } of [...queued].reverse()) {
        await stopPromptAsUser(baseURL, token, promptId).catch(() => {
          // Already finished: nothing to stop.
        });
      }
    },
  };
}
