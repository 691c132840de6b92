import { useMachine } from '@xstate/react';
import { estimationMachine } from '../../machines/estimation.machine';
import { actorOptions } from '../../machines/inspector';
import { estimationActors } from './estimationActors';

const liveMachine = estimationMachine.provide({ actors: estimationActors });

/** The estimation machine with its real socket and API actors. */
export function useEstimation() {
  const [snapshot, send] = useMachine(liveMachine, actorOptions());
  return { snapshot, send };
}
