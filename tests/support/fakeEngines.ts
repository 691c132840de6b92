import { createCanvas } from '@napi-rs/canvas';
import { EngineError, type Engine, type EngineJob, type RunOptions } from '../../server/engines/engine';

/** A test engine that records every run and makes plain PNGs of the asked size. */
export interface RecordingEngine extends Engine {
  /** Job ids in the order runs started (a job run twice appears twice). */
  readonly runs: string[];
  /** Lets every waiting run finish. */
  open(): void;
}

function plainPng(width: number, height: number): Buffer {
  return createCanvas(width, height).encodeSync('png');
}

/** An engine whose runs wait (aborted by the worker's signal) until open() is called; open from the start if so asked. */
export function gatedEngine(startOpen = false): RecordingEngine {
  const runs: string[] = [];
  let isOpen = startOpen;
  const waiting = new Set<() => void>();
  return {
    name: 'mannequin',
    label: 'gated test engine',
    runs,
    open() {
      isOpen = true;
      for (const release of waiting) release();
    },
    async run(job: EngineJob, { onProgress, signal }: RunOptions) {
      runs.push(job.id);
      onProgress(0.5);
      if (!isOpen) {
        await new Promise<void>((resolve, reject) => {
          const release = () => resolve();
          waiting.add(release);
          signal.addEventListener(
            'abort',
            () => {
              waiting.delete(release);
              reject(signal.reason);
            },
            { once: true },
          );
        });
      }
      return Array.from({ length: job.gNumber }, () => ({ png: plainPng(job.width, job.height), width: job.width, height: job.height }));
    },
  };
}

/** An engine that always fails with the given reason. */
export function failingEngine(reason: string): Engine {
  return {
    name: 'mannequin',
    label: 'failing test engine',
    async run() {
      throw new EngineError(reason);
    },
  };
}
