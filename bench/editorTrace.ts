/** One Chrome trace event (the fields the editor bench reads). */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Main-thread work of a drag, from a Chrome trace: per pointer move, per drawn frame, and frame count. */
export interface DragCosts {
  perMoveMs: number[];
  perFrameMs: number[];
  frames: number;
  spanMs: number;
  /** Mean per move of the pointer handlers plus rAF drawing (JavaScript and canvas calls). */
  scriptMsPerMove: number;
  /** Mean per move of handing the changed layer canvas to the compositor. */
  commitMsPerMove: number;
}

/** Splits the renderer main thread's tasks into per-move windows (between pointermove dispatches) and per-frame tasks (those firing rAF). */
export function dragCosts(events: TraceEvent[]): DragCosts {
  const moves = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointermove').sort((a, b) => a.ts - b.ts);
  if (moves.length < 2) throw new Error('the trace holds no pointer moves');
  // The main thread is the one that dispatched the pointer moves.
  const { pid, tid } = moves[0]!;
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const frames = events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'FireAnimationFrame');
  const end = moves[moves.length - 1]!.ts + 50_000;
  const perMoveMs = moves.map((m, i) => {
    const until = moves[i + 1]?.ts ?? end;
    return tasks.filter((t) => t.ts >= m.ts - 1 && t.ts < until).reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000;
  });
  const frameTasks = frames
    .map((f) => tasks.find((t) => t.ts <= f.ts && f.ts <= t.ts + (t.dur ?? 0)))
    .filter((t): t is TraceEvent => !!t && t.ts >= moves[0]!.ts && t.ts <= end);
  const unique = [...new Set(frameTasks)];
  const inDrag = (e: TraceEvent) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= moves[0]!.ts && e.ts <= end;
  const total = (names: string[]) => events.filter((e) => names.includes(e.name) && inDrag(e)).reduce((n, e) => n + (e.dur ?? 0), 0) / 1000 / moves.length;
  return {
    perMoveMs,
    perFrameMs: unique.map((t) => (t.dur ?? 0) / 1000),
    frames: unique.length,
    spanMs: (moves[moves.length - 1]!.ts - moves[0]!.ts) / 1000,
    scriptMsPerMove: total(['EventDispatch', 'FireAnimationFrame']),
    commitMsPerMove: total(['Commit']),
  };
}
