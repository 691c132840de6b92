// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_REQUEST_ID } from '../../../src/api/contract';
import { clickAnswered, withClickId } from '../../../src/ui/generate/clickRequestId';
import { createDefaultPoseDocument, toOpenPoseJson, withFigureInfo } from '../../../src/pose/index.js';

const request = (prompt = 'a lighthouse at dusk') => ({ prompt, width: 400, height: 600, gNumber: 1, pose: toOpenPoseJson(createDefaultPoseDocument()) });

describe('the client request id of a Generate click', () => {
  beforeEach(() => sessionStorage.clear());

  it('is sent again for the same request until its answer comes, then a click is a new prompt', () => {
    const first = withClickId(request()).client_request_id!;
    expect(first).toMatch(CLIENT_REQUEST_ID.pattern);
    // No answer yet (a reload, a dropped connection): the same request is the same click.
    expect(withClickId(request()).client_request_id).toBe(first);
    clickAnswered(first);
    const next = withClickId(request()).client_request_id;
    expect(next).not.toBe(first);
  });

  it('is the same for a document whose figures got new ids on a reload, and its person prompts by those ids', () => {
    const withIds = (id: string) => ({
      ...request(),
      pose: toOpenPoseJson({ ...createDefaultPoseDocument(), people: createDefaultPoseDocument().people.map((p) => withFigureInfo(p, { id })) }, { ids: true }),
      person_prompts: [{ person: id, prompt: 'a guest' }],
    });
    expect(withClickId(withIds('before')).client_request_id).toBe(withClickId(withIds('afterreload')).client_request_id);
  });

  it('is new for another request, and an answer of an older click leaves the pending one', () => {
    const first = withClickId(request()).client_request_id!;
    const other = withClickId(request('a lighthouse at dawn')).client_request_id!;
    expect(other).not.toBe(first);
    clickAnswered(first);
    expect(withClickId(request('a lighthouse at dawn')).client_request_id).toBe(other);
  });
});
