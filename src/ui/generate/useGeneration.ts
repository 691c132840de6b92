import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { cancelAllRequests } from '../../api/requestRegistry';
import { generationMachine } from '../../machines/generation.machine';
import { actorOptions } from '../../machines/inspector';
import { clickAnswered } from './clickRequestId';

/** The Generate page's machine; leaving the page cancels its requests; a prompt's answer ends its click's retries. */
export function useGeneration() {
  const [snapshot, send] = useMachine(generationMachine, actorOptions());
  useEffect(() => () => cancelAllRequests(), []);
  const { promptId, request } = snapshot.context;
  useEffect(() => {
    if (promptId) clickAnswered(request?.client_request_id);
  }, [promptId, request]);
  return { snapshot, send };
}
