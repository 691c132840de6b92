import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { cancelAllRequests } from '../../api/requestRegistry';
import { generationMachine } from '../../machines/generation.machine';
import { actorOptions } from '../../machines/inspector';

/** The Generate page's machine; leaving the page cancels its requests. */
export function useGeneration() {
  const [snapshot, send] = useMachine(generationMachine, actorOptions());
  useEffect(() => () => cancelAllRequests(), []);
  return { snapshot, send };
}
