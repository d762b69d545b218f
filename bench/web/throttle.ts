import type { Browser, BrowserContextOptions, CDPSession } from 'playwright-core';

/** What bench/web's cases share: the network and CPU a phone on one bar is given, and the figures' words. */

/** Chrome DevTools' "Fast 3G" preset: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
};
export const CPU_SLOWDOWN = 4;
/** A phone: 390×844, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** The page's main-thread task and script time so far, in ms (CDP Performance metrics; `Performance.enable` first). */
export async function mainThread(
  cdp: CDPSession,
): Promise<{ task: number; script: number; layout: number; style: number; layouts: number; styles: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    layout: ms('LayoutDuration'),
    style: ms('RecalcStyleDuration'),
    // Counts, not times: the same page lays itself out as often whatever the machine's load.
    layouts: ms('LayoutCount') / 1000,
    styles: ms('RecalcStyleCount') / 1000,
  };
}

export function list(values: number[], unit: string) {
  return values.map((v) => `${v.toFixed(0)} ${unit}`).join(', ');
}
export function median(values: number[]) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * A fresh browser context (empty cache) on Fast 3G and 4× CPU, counting the bytes that come over
 * the wire.
 */
export async function throttled(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  return { context, page, cdp, wire: () => bytes, waterfall: waterfall(cdp) };
}

interface Fetched {
  url: string;
  start: number;
  end?: number;
  from?: string;
}

/**
 * The network log of a page (`BENCH_WEB_REQUESTS=1`): each request's start and end from the
 * navigation's, and whether the network, the HTTP cache or the service worker answered it — the
 * waterfall of what is on the critical path. `mark()` starts a new log (a navigation), `print()`
 * writes it.
 */
function waterfall(cdp: CDPSession) {
  let requests = new Map<string, Fetched>();
  cdp.on(
    'Network.requestWillBeSent',
    (event: { requestId: string; timestamp: number; request: { url: string } }) => {
      requests.set(event.requestId, { url: event.request.url, start: event.timestamp * 1000 });
    },
  );
  cdp.on(
    'Network.responseReceived',
    (event: {
      requestId: string;
      response: { fromDiskCache?: boolean; fromServiceWorker?: boolean; status: number };
    }) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      const { response } = event;
      request.from = response.fromServiceWorker
        ? 'worker'
        : response.fromDiskCache
          ? 'cache'
          : `net ${response.status}`;
    },
  );
  cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp * 1000;
  });
  return {
    mark: () => {
      requests = new Map();
    },
    print: (origin: string) => {
      const all = [...requests.values()].sort((a, b) => a.start - b.start);
      const zero = all[0]?.start ?? 0;
      for (const r of all)
        console.log(
          `    ${String(Math.round(r.start - zero)).padStart(6)} → ${r.end ? String(Math.round(r.end - zero)).padStart(6) : '     ?'} ms  ${(r.from ?? '').padEnd(8)} ${r.url.replace(origin, '').slice(0, 110)}`,
        );
    },
  };
}
