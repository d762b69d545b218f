import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts';

/**
 * One headless Debian Chromium per worker process, launched by the first test file that asks:
 * the e2e project does not isolate its files (vitest.config.ts), so the files a worker runs
 * share it instead of starting a browser each. It goes with the worker's process.
 */
let launched: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true })
    .then((browser) => {
      // A crashed browser is launched again by the next test instead of failing every later file.
      browser.on('disconnected', () => {
        launched = undefined;
      });
      return browser;
    });
  return launched;
}

/**
 * Each test opens its own contexts (no shared storage); they are closed when the test ends, so
 * a file's earlier pages do not keep polling and streaming while its later tests run.
 */
export function setupBrowser() {
  const open = new Set<BrowserContext>();
  afterEach(async () => {
    const contexts = [...open];
    open.clear();
    await Promise.all(contexts.map((context) => context.close()));
  });
  return {
    async newPage(
      options: {
        width?: number;
        height?: number;
        geolocation?: { latitude: number; longitude: number };
        /** `localStorage` of one origin the page starts with (a stored sign-in). */
        storage?: { origin: string; items: Readonly<Record<string, string>> };
      } = {},
    ): Promise<Page> {
      const browser = await sharedBrowser();
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: 'th-TH',
        timezoneId: 'Asia/Bangkok',
        ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
      });
      open.add(context);
      context.on('close', () => open.delete(context));
      if (options.storage) {
        // Written before the app's scripts run on each document of the origin, unless the key is
        // there already (the app's own writes win; after a logout, a reload signs in again).
        await context.addInitScript(({ origin, items }) => {
          if (window.location.origin !== origin) return;
          for (const [name, value] of Object.entries(items))
            if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
        }, options.storage);
      }
      return context.newPage();
    },
  };
}
