import type { Browser, BrowserContextOptions } from 'playwright-core';

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
  return { context, page, cdp, wire: () => bytes };
}
