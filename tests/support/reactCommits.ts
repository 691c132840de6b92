import type { Page } from '@playwright/test';

/**
 * Counts React commits in a page: a stand-in for React DevTools' global hook, which React calls
 * once per commit. Install before the page loads (React looks for the hook when it starts).
 */
export async function installCommitCounter(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object; reactCommits: number };
    w.reactCommits = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: () => void w.reactCommits++,
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    };
  });
}

/** How many times React has committed in the page since it loaded. */
export function reactCommits(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { reactCommits: number }).reactCommits);
}
