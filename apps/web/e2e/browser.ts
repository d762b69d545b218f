import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { chromiumArgs, headlessShellPath } from '../../../scripts/chromium.ts';
import { API_BASE } from './helpers.ts';

/**
 * One headless Debian Chromium (its headless shell when installed: scripts/chromium.ts) per
 * worker process, launched by the first test file that asks: the e2e project does not isolate its
 * files (vitest.config.ts), so the files a worker runs share it instead of starting a browser
 * each. It goes with the worker's process.
 */
let launched: Promise<Browser> | undefined;

/**
 * What the app asked of the server and was refused (403) or broke (500) during a test. A screen
 * asks only what its user may read: a side request refused for the user's roles showed them a
 * refusal over the screen (the booking calendar's vehicle-type filter for a planner holding the
 * calendar alone covered the day's bookings on CI), so any such answer fails the test that met it.
 */
const refusals: string[] = [];

class RefusedByTheApp extends Error {
  constructor(answers: readonly string[]) {
    super(`the app met answers a screen should never get:\n  ${answers.join('\n  ')}`);
  }
}
function sharedBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({ executablePath: headlessShellPath(), args: chromiumArgs, headless: true })
    .then((browser) => {
      // A crashed browser is launched again by the next test instead of failing every later file.
      browser.on('disconnected', () => {
        launched = undefined;
      });
      return browser;
    });
  return launched;
}

interface PageOptions {
  width?: number;
  height?: number;
  geolocation?: { latitude: number; longitude: number };
  /** `localStorage` of one origin the page starts with (a stored sign-in). */
  storage?: { origin: string; items: Readonly<Record<string, string>> };
  /** false: a browser that runs no script (a page that must work without one). */
  javaScript?: boolean;
}

async function openContext(options: PageOptions): Promise<BrowserContext> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScript ?? true,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    // As a user who asked for less motion: the app's transitions and spinners take no time
    // (GlobalStyle), so the shell does not draw frames of a spinner no test looks at — a fifth of
    // its CPU in the editing flows (docs/performance.md). Nothing a test asserts moves.
    reducedMotion: 'reduce',
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith(`${API_BASE}/`) && (response.status() === 403 || response.status() === 500))
      refusals.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
  });
  if (options.storage) {
    // Written before the app's scripts run on each document of the origin, unless the key is
    // there already (the app's own writes win; after a logout, a reload signs in again).
    await context.addInitScript(({ origin, items }) => {
      if (window.location.origin !== origin) return;
      for (const [name, value] of Object.entries(items))
        if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
    }, options.storage);
  }
  return context;
}

/**
 * Each test opens its own contexts (no shared storage); they are closed when the test ends, so
 * a file's earlier pages do not keep polling and streaming while its later tests run.
 *
 * `oneContext: true` is for files whose tests act as one signed-in user and need no fresh browser
 * state (storage, cache) between them: their pages share one context per set of options, so the
 * app's scripts come from the HTTP cache and V8's code cache instead of being fetched and
 * compiled again for every test (docs/performance.md, the test suite). Each test's pages are
 * still closed when it ends; the contexts when the file ends.
 */
export function setupBrowser({ oneContext = false }: { oneContext?: boolean } = {}) {
  const open = new Set<BrowserContext>();
  const pages = new Set<Page>();
  const kept = new Map<string, Promise<BrowserContext>>();
  let filePage: Promise<Page> | undefined;
  afterEach(async ({ task }) => {
    const refused = refusals.splice(0);
    const contexts = [...open];
    open.clear();
    const left = [...pages];
    pages.clear();
    // A failed test may leave the file's page anywhere (a dialog open, a request pending): the
    // next test, or this one's retry, starts on a new page.
    const dropped = task.result?.state === 'fail' ? filePage : undefined;
    if (dropped) filePage = undefined;
    await Promise.all([
      ...contexts.map((context) => context.close()),
      ...left.map((page) => page.close()),
      dropped?.then((page) => page.close()),
    ]);
    if (refused.length > 0 && task.result?.state !== 'fail') throw new RefusedByTheApp(refused);
  });
  afterAll(async () => {
    const page = await filePage;
    filePage = undefined;
    await page?.close();
    const contexts = await Promise.all(kept.values());
    kept.clear();
    await Promise.all(contexts.map((context) => context.close()));
  });
  const contextFor = (options: PageOptions) => {
    const key = JSON.stringify(options);
    if (!kept.has(key)) kept.set(key, openContext(options));
    return kept.get(key) as Promise<BrowserContext>;
  };
  return {
    /**
     * One page for the whole file (`oneContext` files only), for tests that each go somewhere
     * in the app by its own navigation (helpers.ts `visit`), as a user moves from screen to screen:
     * the app starts once per file instead of once per test, which was most of a short test's
     * CPU (docs/performance.md, the test suite). After a failed test the next one gets a new page.
     */
    async filePage(options: PageOptions = {}): Promise<Page> {
      if (!oneContext) throw new Error('filePage() is for setupBrowser({ oneContext: true }) files');
      filePage ??= contextFor(options).then((context) => context.newPage());
      return filePage;
    },
    async newPage(options: PageOptions = {}): Promise<Page> {
      if (oneContext) {
        const page = await contextFor(options).then((context) => context.newPage());
        pages.add(page);
        page.on('close', () => pages.delete(page));
        return page;
      }
      const context = await openContext(options);
      open.add(context);
      context.on('close', () => open.delete(context));
      return context.newPage();
    },
  };
}
