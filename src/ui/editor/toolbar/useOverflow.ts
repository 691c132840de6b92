import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

/**
 * Which items leave a one-line row for its overflow menu: the first `n` of `order`, the least
 * `n` that makes the row's content fit its width. Measured before paint; measured again from
 * nothing when the row's width changes.
 */
export function useOverflow(row: RefObject<HTMLElement | null>, order: readonly string[]): ReadonlySet<string> {
  const [count, setCount] = useState(0);
  const [width, setWidth] = useState(0);
  const measured = useRef(-1);

  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [row]);

  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    // A wider row may hold items again, so start over from all of them in the row.
    if (measured.current !== width) {
      measured.current = width;
      if (count !== 0) {
        setCount(0);
        return;
      }
    }
    if (el.scrollWidth > el.clientWidth + 1 && count < order.length) setCount(count + 1);
  }, [row, width, count, order.length]);

  return useMemo(() => new Set(order.slice(0, count)), [order, count]);
}
