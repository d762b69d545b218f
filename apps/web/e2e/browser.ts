import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts';

/** One headless Debian Chromium per test file; each test opens its own context (no shared storage). */
export function setupBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
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
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: 'th-TH',
        timezoneId: 'Asia/Bangkok',
        ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
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
      return context.newPage();
    },
  };
}
