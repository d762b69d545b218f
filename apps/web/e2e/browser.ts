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
      } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: 'th-TH',
        timezoneId: 'Asia/Bangkok',
        ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
      });
      return context.newPage();
    },
  };
}
