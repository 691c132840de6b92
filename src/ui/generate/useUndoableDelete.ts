import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a deleted prompt can be brought back before it is deleted on the server. */
export const DELETE_UNDO_MS = 5000;

/**
 * Deletes with a few seconds' grace: a prompt asked to be deleted is only marked (the page shows
 * it as deleted, with Undo) and deleted on the server once DELETE_UNDO_MS have passed without an
 * undo. Leaving the page deletes at once what is still waiting: the user asked for it.
 */
export function useUndoableDelete(commit: (promptId: string) => void): {
  pending: ReadonlySet<string>;
  remove(promptId: string): void;
  undo(promptId: string): void;
} {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const forget = useCallback((promptId: string) => {
    clearTimeout(timers.current.get(promptId));
    timers.current.delete(promptId);
    setPending((ids) => new Set([...ids].filter((id) => id !== promptId)));
  }, []);
  const remove = useCallback(
    (promptId: string) => {
      if (timers.current.has(promptId)) return;
      timers.current.set(
        promptId,
        setTimeout(() => {
          forget(promptId);
          commitRef.current(promptId);
        }, DELETE_UNDO_MS),
      );
      setPending((ids) => new Set(ids).add(promptId));
    },
    [forget],
  );
  useEffect(() => {
    const waiting = timers.current;
    return () => {
      for (const [promptId, timer] of waiting) {
        clearTimeout(timer);
        commitRef.current(promptId);
      }
      waiting.clear();
    };
  }, []);
  return { pending, remove, undo: forget };
}
