import { useEffect, useRef } from 'react';

/** How long a finger rests before a press counts as a long press. */
export const LONG_PRESS_MS = 550;
/** How far (px) a finger may wander and still be pressing, not dragging. */
const SLOP_PX = 8;

/** Calls back when a touch rests on one spot for LONG_PRESS_MS (the touch screen's right click). */
export function useLongPress(onLongPress: (target: EventTarget | null, x: number, y: number) => void): void {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  useEffect(() => {
    let timer: number | undefined;
    let start: { x: number; y: number; id: number } | null = null;
    const stop = () => {
      window.clearTimeout(timer);
      start = null;
    };
    const down = (e: PointerEvent) => {
      stop();
      if (e.pointerType !== 'touch') return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId };
      const target = e.target;
      timer = window.setTimeout(() => {
        if (start) callback.current(target, start.x, start.y);
        stop();
      }, LONG_PRESS_MS);
    };
    const move = (e: PointerEvent) => {
      if (start && e.pointerId === start.id && Math.hypot(e.clientX - start.x, e.clientY - start.y) > SLOP_PX) stop();
    };
    const events: Array<[string, EventListener]> = [
      ['pointerdown', down as EventListener],
      ['pointermove', move as EventListener],
      ['pointerup', stop],
      ['pointercancel', stop],
    ];
    events.forEach(([name, fn]) => document.addEventListener(name, fn, true));
    return () => {
      stop();
      events.forEach(([name, fn]) => document.removeEventListener(name, fn, true));
    };
  }, []);
}
