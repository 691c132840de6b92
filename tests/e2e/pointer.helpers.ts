import type { BrowserContext, Page } from '@playwright/test';

type At = { x: number; y: number };

/** A pointer for a test: the mouse, or one finger through the browser's touch input. */
export interface Pointer {
  tap(at: At): Promise<void>;
  /** Drags by (dx, dy) in 10 moves; `held` runs after the last move, before the pointer is lifted. */
  drag(from: At, dx: number, dy: number, held?: () => Promise<void>): Promise<void>;
  /** Drags from `from` through each page point of `path` in turn (10 moves each); `held` runs at each point reached. */
  along(from: At, path: readonly At[], held?: (i: number) => Promise<void>): Promise<void>;
  /** Opens the context menu at a point: a right click, or a finger resting on it. */
  menu(at: At): Promise<void>;
}

const steps = (from: At, to: At) =>
  Array.from({ length: 10 }, (_, i) => ({ x: from.x + ((to.x - from.x) * (i + 1)) / 10, y: from.y + ((to.y - from.y) * (i + 1)) / 10 }));

/** The mouse as a Pointer. */
export function mousePointer(page: Page): Pointer {
  const along: Pointer['along'] = async (from, path, held) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    let at = from;
    for (const [i, to] of path.entries()) {
      for (const p of steps(at, to)) await page.mouse.move(p.x, p.y);
      at = to;
      await held?.(i);
    }
    await page.mouse.up();
  };
  return {
    tap: (at) => page.mouse.click(at.x, at.y),
    drag: (from, dx, dy, held) => along(from, [{ x: from.x + dx, y: from.y + dy }], held && (() => held())),
    along,
    menu: (at) => page.mouse.click(at.x, at.y, { button: 'right' }),
  };
}

/** One finger (CDP touch events) as a Pointer. */
export async function fingerPointer(context: BrowserContext, page: Page): Promise<Pointer> {
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: At[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  // Touch moves reach the page once a frame; a finger is lifted after its last move has arrived.
  const settle = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const along: Pointer['along'] = async (from, path, held) => {
    await touch('touchStart', [from]);
    let at = from;
    for (const [i, to] of path.entries()) {
      for (const p of steps(at, to)) await touch('touchMove', [p]);
      at = to;
      await settle();
      await held?.(i);
    }
    await touch('touchEnd', []);
  };
  return {
    tap: async (at) => {
      await touch('touchStart', [at]);
      await settle();
      await touch('touchEnd', []);
    },
    drag: (from, dx, dy, held) => along(from, [{ x: from.x + dx, y: from.y + dy }], held && (() => held())),
    along,
    menu: async (at) => {
      await touch('touchStart', [at]);
      // Longer than the long press (LONG_PRESS_MS, 550 ms).
      await page.waitForTimeout(800);
      await touch('touchEnd', []);
    },
  };
}
