/**
 * DataGrid bench: time to first render and to scroll through 100,000 virtualized rows, in
 * Debian Chromium. Run: npx pnpm@10.34.8 exec tsx bench/grid/run.ts (not part of npm test).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  plugins: [react()],
  server: { port: 0, host: '127.0.0.1' },
  optimizeDeps: { include: ['react', 'react-dom/client', 'styled-components', 'react-aria-components'] },
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A first visit warms Vite's dependency optimizer so the measured visit times the grid, not the bundler.
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

  const scroll = await page.evaluate(async () => {
    const grid = document.querySelector('[role="grid"]') as HTMLElement;
    const scroller = grid.parentElement as HTMLElement;
    const frames: number[] = [];
    let maxRows = 0;
    const start = performance.now();
    let last = start;
    // Scroll to the bottom in 200 frame-sized steps, as a fast fling would.
    for (let step = 1; step <= 200; step++) {
      scroller.scrollTop = (scroller.scrollHeight * step) / 200;
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, grid.querySelectorAll('[role="row"]').length);
    }
    const lastRow = [...grid.querySelectorAll('[role="row"]')].at(-1)?.getAttribute('aria-rowindex');
    frames.sort((a, b) => a - b);
    return {
      totalMs: performance.now() - start,
      medianFrameMs: frames[Math.floor(frames.length / 2)] ?? 0,
      p95FrameMs: frames[Math.floor(frames.length * 0.95)] ?? 0,
      maxRowsInDom: maxRows,
      lastRowIndex: lastRow,
    };
  });

  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log('DataGrid, 100,000 client-side rows (virtualized), Debian Chromium headless');
  console.log(`  first render (3 runs): ${firstRender.map(fmt).join(', ')}`);
  console.log(`  scroll top → bottom in 200 steps: ${fmt(scroll.totalMs)} total`);
  console.log(`  frame time: median ${fmt(scroll.medianFrameMs)}, p95 ${fmt(scroll.p95FrameMs)}`);
  console.log(`  rows in DOM at most: ${scroll.maxRowsInDom}; last aria-rowindex: ${scroll.lastRowIndex}`);
} finally {
  await browser.close();
  await server.close();
}
