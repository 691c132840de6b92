import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/browser';
import { startBenchServer } from './lib/server';
import { median } from './lib/stats';

const ROUTES = [
  { path: '/', budgetKb: 150 },
  { path: '/pose', budgetKb: 250 },
  { path: '/edit', budgetKb: 300 },
] as const;
const RUNS = 5;
const CHUNK_LIMIT_KB = 500;
const distAssets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/assets');

interface PageLoad {
  jsGzipKb: number;
  fcpMs: number;
  lcpMs: number;
  scripts: string[];
}

/** Loads a page and reads its paint timings and the JavaScript it fetched. */
async function measure(page: import('@playwright/test').Page, url: string): Promise<PageLoad> {
  await page.goto(url, { waitUntil: 'networkidle' });
  return page.evaluate(
    () =>
      new Promise<PageLoad>((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = Math.max(lcp, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js'));
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          resolve({
            // encodedBodySize is what came over the wire (gzip); 0 for a cache hit, so count decoded sizes the first time only.
            jsGzipKb: scripts.reduce((n, r) => n + r.encodedBodySize, 0) / 1024,
            fcpMs: fcp,
            lcpMs: lcp,
            scripts: scripts.map((r) => r.name),
          });
        }, 100);
      }),
  );
}

async function contains(url: string, pattern: RegExp): Promise<boolean> {
  return pattern.test(await (await fetch(url)).text());
}

/** Prints load budgets, paint timings (cold and warm cache) and chunk sizes of the production build. */
export async function runWebBench(): Promise<void> {
  const server = await startBenchServer(8390);
  const browser = await launchChromium();
  try {
    console.log('\n## Page loads (production build, headless Chromium, loopback; medians of %d runs)', RUNS);
    console.log('route   | JS gzip (budget)     | FCP cold | LCP cold | FCP warm | LCP warm');
    for (const route of ROUTES) {
      const cold: PageLoad[] = [];
      const warm: PageLoad[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        cold.push(await measure(page, server.url + route.path));
        warm.push(await measure(page, server.url + route.path));
        await context.close();
      }
      const js = median(cold.map((c) => c.jsGzipKb));
      const verdict = js <= route.budgetKb ? 'ok' : `OVER by ${(js - route.budgetKb).toFixed(1)} KB`;
      const ms = (xs: PageLoad[], k: 'fcpMs' | 'lcpMs') => `${median(xs.map((x) => x[k])).toFixed(0)} ms`.padEnd(8);
      console.log(
        `${route.path.padEnd(7)} | ${`${js.toFixed(1)} KB (${route.budgetKb}) ${verdict}`.padEnd(20)} | ${ms(cold, 'fcpMs')} | ${ms(cold, 'lcpMs')} | ${ms(warm, 'fcpMs')} | ${ms(warm, 'lcpMs')}`,
      );
      if (route.path === '/') {
        const scripts = cold[0].scripts;
        const firebase = (await Promise.all(scripts.map((s) => contains(s, /@firebase\/|firebaseapp\.com/)))).some(Boolean);
        const konva = (await Promise.all(scripts.map((s) => contains(s, /Konva\.(Stage|Layer)|KonvaJS/)))).some(Boolean);
        console.log(`        home page loads Firebase: ${firebase ? 'YES' : 'no'}, Konva: ${konva ? 'YES' : 'no'}`);
      }
    }
    const chunks = fs.readdirSync(distAssets).filter((f) => f.endsWith('.js'));
    const sizes = chunks.map((f) => ({ f, kb: fs.statSync(path.join(distAssets, f)).size / 1024 })).sort((a, b) => b.kb - a.kb);
    const over = sizes.filter((s) => s.kb > CHUNK_LIMIT_KB);
    console.log(
      `largest chunk: ${sizes[0].f} ${sizes[0].kb.toFixed(1)} KB minified (limit ${CHUNK_LIMIT_KB} KB): ${over.length ? `${over.length} OVER` : 'ok'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebBench();
