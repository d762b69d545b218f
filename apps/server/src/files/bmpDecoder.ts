import type { Worker } from 'node:worker_threads';
import { tsWorker } from '../tsWorker.ts';
import { BmpError, type RawImage } from './bmp.ts';
import type { DecodeJob, DecodeResult } from './bmpWorker.ts';

/**
 * BMP decoding off the event loop (issue 17, item 7: a 9.5 MB BMP held the main thread for
 * 790 ms). sharp decodes the other formats on libuv's threads; our own BMP decoder is JavaScript,
 * so it runs in one worker thread, started at the first BMP and kept (unref'd: it never keeps
 * the process alive). Jobs queue in the worker one after another: BMPs are rare, and one at a
 * time bounds the memory their pixels take.
 */
let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (image: RawImage) => void; reject: (error: Error) => void }>();
/** How many images the worker has decoded (for tests and the benchmark). */
export const bmpDecoderStats = { decoded: 0 };

/** The worker file is TypeScript (tsWorker.ts). */
function startWorker(): Worker {
  const started = tsWorker(new URL('./bmpWorker.ts', import.meta.url));
  started.unref();
  started.on('message', (result: DecodeResult) => {
    const job = pending.get(result.id);
    if (!job) return;
    pending.delete(result.id);
    if ('error' in result) {
      job.reject(result.bmpError ? new BmpError(result.error) : new Error(result.error));
      return;
    }
    bmpDecoderStats.decoded++;
    const { width, height, channels, data } = result;
    job.resolve({
      width,
      height,
      channels,
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    });
  });
  // A crashed worker (out of memory) fails its jobs; the next BMP starts a fresh one.
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) job.reject(error);
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`BMP decoder exited (${code})`)));
  return started;
}

/** Decodes a BMP in the worker thread; refuses (BmpError) what the decoder cannot read. */
export function decodeBmpOffThread(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  worker ??= startWorker();
  const current = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    // The worker is referenced while it has work, so a pending decode is never dropped.
    current.ref();
    const settle = () => {
      if (pending.size === 0) current.unref();
    };
    pending.set(id, {
      resolve: (image) => {
        resolve(image);
        settle();
      },
      reject: (error) => {
        reject(error);
        settle();
      },
    });
    // Copied, not transferred: the caller still stores the original bytes.
    current.postMessage({ id, bytes, maxPixels } satisfies DecodeJob);
  });
}
