import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import type { TipTarget } from './ToolTip';

const loadToolTip = () => import('./ToolTip');
const ToolTip = lazy(loadToolTip);

/** How long the pointer rests on a button before its tooltip shows. */
const HOVER_DELAY_MS = 400;

function targetOf(el: EventTarget | null): { el: HTMLElement; tip: TipTarget } | null {
  const button = el instanceof Element ? el.closest<HTMLElement>('[data-tip]') : null;
  if (!button) return null;
  return { el: button, tip: { rect: button.getBoundingClientRect(), label: button.dataset.tip ?? '', shortcut: button.dataset.shortcut ?? '' } };
}

/**
 * A toolbar's tooltip: event handlers for the toolbar (delegated, so buttons stay plain) and the
 * element to render. Hover shows it after a rest; keyboard focus shows it at once; once one is
 * shown, moving to the next button shows that one at once. The Radix chunk loads on first intent.
 */
export function useToolTip(side: 'bottom' | 'right' = 'bottom') {
  const [target, setTarget] = useState<TipTarget | null>(null);
  const [wanted, setWanted] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const showing = useRef(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = (tip: TipTarget | null) => {
    window.clearTimeout(timer.current);
    showing.current = !!tip;
    setTarget(tip);
  };
  const intent = () => {
    if (!wanted) {
      setWanted(true);
      void loadToolTip();
    }
  };
  const handlers = {
    onPointerOver(e: PointerEvent) {
      if (e.pointerType === 'touch') return;
      intent();
      const found = targetOf(e.target);
      if (!found) return show(null);
      window.clearTimeout(timer.current);
      if (showing.current) return show(found.tip);
      timer.current = window.setTimeout(() => show(found.tip), HOVER_DELAY_MS);
    },
    onPointerLeave: () => show(null),
    onPointerDown: () => show(null),
    onFocus(e: FocusEvent) {
      intent();
      const found = targetOf(e.target);
      show(found && found.el.matches(':focus-visible') ? found.tip : null);
    },
    onBlur: () => show(null),
    onKeyDown: (e: { key: string }) => {
      if (e.key === 'Escape') show(null);
    },
  };
  const element = wanted ? (
    <Suspense fallback={null}>
      <ToolTip target={target} side={side} />
    </Suspense>
  ) : null;
  return { handlers, element };
}
