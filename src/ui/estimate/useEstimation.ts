import { useMachine } from '@xstate/react';
import { estimationMachine } from '../../machines/estimation.machine';
import { actorOptions } from '../../machines/inspector';

/** The estimation machine with its socket and API actors. */
export function useEstimation() {
  const [snapshot, send] = useMachine(estimationMachine, actorOptions());
  return { snapshot, send };
}
