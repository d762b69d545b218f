/**
 * bench/grid: the DataGrid with 100,000 client-side rows (virtualized) in Debian Chromium,
 * as a production build (React's production bundle, minified), served as static files.
 * Run: `npm run bench -- grid`. BENCH_GRID_BUILD=dev measures Vite's dev server instead (the
 * figures before issue 24); BENCH_GRID_PROFILE=1 builds without minifying and adds a V8 CPU
 * profile of the scroll (function names readable). Prints figures beside the goals; nothing
 * passes or fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build, createServer, type InlineConfig, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { type ScrollResult, scrollThrough } from './scroll.ts';
import { summarizeTrace, TRACE_CATEGORIES, topFunctions } from './trace.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const dev = process.env.BENCH_GRID_BUILD === 'dev';
const profile = process.env.BENCH_GRID_PROFILE === '1';
const STEPS = 200;
/** Issue 24's goals for a production build. */
const GOAL = { medianMs: 16.7, p95Ms: 33 };

const config: InlineConfig = { root, configFile: false, logLevel: 'error', plugins: [react()] };
const outDir = dev ? '' : await mkdtemp(path.join(tmpdir(), 'lms-bench-grid-'));
const server = dev
  ? await createServer({
      ...config,
      server: { port: 0, host: '127.0.0.1' },
      optimizeDeps: { include: ['react', 'react-dom/client', 'styled-components', 'react-aria-components'] },
    }).then((s) => s.listen())
  : await build({
      ...config,
      mode: 'production',
      build: { outDir, emptyOutDir: true, minify: !profile },
    }).then(() => preview({ ...config, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } }));
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A first visit warms the caches (and, in dev, Vite's dependency optimizer).
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForSelector('[role="gridcell"]', { timeout: 120_000 });

  const firstRender: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.reload();
    await page.waitForSelector('[role="gridcell"]');
    firstRender.push(
      await page.evaluate(
        () => performance.now() - (window as unknown as { renderStart: number }).renderStart,
      ),
    );
  }

  const scroll = async (stepPx: number): Promise<ScrollResult> => {
    await page.reload();
    await page.waitForSelector('[role="gridcell"]');
    return page.evaluate(scrollThrough, { steps: STEPS, stepPx });
  };
  const traced = async (stepPx: number) => {
    await page.reload();
    await page.waitForSelector('[role="gridcell"]');
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.evaluate(scrollThrough, { steps: STEPS, stepPx });
    return summarizeTrace((await browser.stopTracing()).toString('utf8'));
  };

  console.log(
    `DataGrid, 100,000 client-side rows (virtualized), ${dev ? "Vite's dev server (React development build)" : `production build${profile ? ' (not minified, for the profile)' : ''}`}, Debian Chromium headless`,
  );
  console.log(`  first render (3 reloads): ${firstRender.map(fmt).join(', ')}`);
  const spread = (values: number[]) =>
    `median ${fmt(percentile(values, 0.5))}, p95 ${fmt(percentile(values, 0.95))}, max ${fmt(Math.max(...values))}`;
  // Jumps of 500 rows (every frame all new rows, as before issue 24), then a wheel's 3 rows a frame.
  for (const [name, stepPx, runCount] of [
    ['top → bottom, 500 rows a step', 0, 3],
    ['3 rows (132 px) a step', 132, 1],
  ] as const) {
    const runs: ScrollResult[] = [];
    for (let run = 0; run < runCount; run++) runs.push(await scroll(stepPx));
    const frames = runs.flatMap((r) => r.frames);
    const trace = await traced(stepPx);
    console.log(
      `  scroll ${name}, ${STEPS} steps × ${runCount}: ${runs.map((r) => fmt(r.totalMs)).join(', ')}; rows in the DOM at most ${Math.max(...runs.map((r) => r.maxRowsInDom))}`,
    );
    console.log(
      `    frame (rAF to rAF, ${frames.length} frames): median ${fmt(percentile(frames, 0.5))} (goal < ${GOAL.medianMs} ms), p95 ${fmt(percentile(frames, 0.95))} (goal < ${GOAL.p95Ms} ms)`,
    );
    console.log(
      `    main thread per step (trace): busy ${spread(trace.stepBusy)}; CPU ${spread(trace.stepCpu)}`,
    );
    const kinds = Object.entries(trace.byKind).sort((x, y) => y[1] - x[1]);
    console.log(
      `    where the CPU went (self time, traced scroll): ${kinds.map(([k, ms]) => `${k} ${fmt(ms)}`).join(', ')}`,
    );
    console.log(
      `    top trace events: ${trace.byName
        .slice(0, 6)
        .map(([n, ms]) => `${n} ${fmt(ms)}`)
        .join(', ')}`,
    );
  }

  if (profile) {
    await page.reload();
    await page.waitForSelector('[role="gridcell"]');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.evaluate(scrollThrough, { steps: STEPS, stepPx: 0 });
    const { profile: cpu } = await cdp.send('Profiler.stop');
    console.log('  CPU profile of one scroll, self time by function:');
    for (const [fn, ms] of topFunctions(cpu as never, 25)) console.log(`    ${fmt(ms).padStart(10)}  ${fn}`);
  }
} finally {
  await browser.close();
  await server.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
}
