import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { cancelAllRequests } from '../../api/requestRegistry';
import { generationMachine } from '../../machines/generation.machine';
import { actorOptions } from '../../machines/inspector';
import { generationActors } from './generationActors';

const liveMachine = generationMachine.provide({ actors: generationActors });

/** The Generate page's machine with its real actors; leaving the page cancels its requests. */
export function useGeneration() {
  const [snapshot, send] = useMachine(liveMachine, actorOptions());
  useEffect(() => () => cancelAllRequests(), []);
  return { snapshot, send };
}
