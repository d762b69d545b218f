/**
 * `npm run bench -- images`: what a 9.5 MB BMP costs the server (issue 17, item 7) — decoding it on
 * the event loop (as before) against normalizing it in the decoder's worker thread, and a
 * thumbnail made from the BMP against one from its normalized PNG. Prints the median of
 * BENCH_RUNS (5) runs and the worst event-loop delay seen while the work ran.
 */
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { decodeBmp } from '../../apps/server/src/files/bmp.ts';
import { decodeBmpOffThread } from '../../apps/server/src/files/bmpDecoder.ts';
import { makeThumbnail, normalizeBmp } from '../../apps/server/src/files/images.ts';
import { MAX_IMAGE_PIXELS } from '../../apps/server/src/files/limits.ts';
import { bmp } from '../../apps/server/test/fixtures/files/samples.ts';

// sharp is the server's dependency, not the workspace root's: loaded from there, typed as used here.
type Pipeline = {
  resize(w: number, h: number): Pipeline;
  webp(options: object): Pipeline;
  toBuffer(): Promise<Buffer>;
};
const sharp = createRequire(new URL('../../apps/server/package.json', import.meta.url))('sharp') as (
  input: Buffer,
  options: object,
) => Pipeline;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const big = bmp(1824, 1824);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(name: string, work: () => unknown): Promise<void> {
  const times: number[] = [];
  const delays: number[] = [];
  for (let i = 0; i < runs; i++) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    // The histogram's first tick only starts the clock: a block before it would go unseen.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
    // One more turn of the loop, so a block that just ended is recorded.
    await new Promise((resolve) => setTimeout(resolve, 10));
    delay.disable();
    delays.push(delay.max / 1e6);
  }
  console.log(`| ${name} | ${Math.round(median(times))} | ${Math.round(Math.max(...delays))} |`);
}

console.log(`BMP ${big.length} bytes (1824 × 1824, 24-bit), ${runs} runs\n`);
console.log('| work | median ms | worst event-loop delay ms |\n|---|---|---|');
await decodeBmpOffThread(bmp(8, 8), MAX_IMAGE_PIXELS); // the worker's start is not the image's cost
// The machine's own noise: nothing but waiting (on a loaded machine the loop also waits for a core).
await measure(
  'nothing (300 ms wait), the noise floor',
  () => new Promise((resolve) => setTimeout(resolve, 300)),
);
await measure('decode on the event loop (before)', () => decodeBmp(big, MAX_IMAGE_PIXELS));
await measure('decode in the worker thread', () => decodeBmpOffThread(big, MAX_IMAGE_PIXELS));
await measure('normalize at upload (worker decode + PNG)', () => normalizeBmp(big));
const png = await normalizeBmp(big);
await measure('thumbnail 256² from the BMP (decode every time, before)', async () => {
  const { width, height, channels, data } = decodeBmp(big, MAX_IMAGE_PIXELS);
  await sharp(data, { raw: { width, height, channels } }).resize(256, 256).webp({ quality: 80 }).toBuffer();
});
await measure('thumbnail 256² from the normalized PNG', () => makeThumbnail(png, 'png', 256, 256, 'COVER'));
process.exit(0);
