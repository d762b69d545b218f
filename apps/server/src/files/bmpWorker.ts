import { parentPort } from 'node:worker_threads';
import { BmpError, decodeBmp } from './bmp.ts';

/**
 * The BMP decoder's thread (started by bmpDecoder.ts): decodes one image per message and hands the
 * pixels back without copying them.
 */
export interface DecodeJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly maxPixels: number;
}

export type DecodeResult =
  | {
      readonly id: number;
      readonly width: number;
      readonly height: number;
      readonly channels: 3 | 4;
      readonly data: Uint8Array;
    }
  | { readonly id: number; readonly error: string; readonly bmpError: boolean };

parentPort?.on('message', ({ id, bytes, maxPixels }: DecodeJob) => {
  try {
    const { width, height, channels, data } = decodeBmp(bytes, maxPixels);
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    // Buffer.alloc gave the pixels their own ArrayBuffer: moved to the server's thread, not copied.
    parentPort!.postMessage({ id, width, height, channels, data: pixels } satisfies DecodeResult, [
      pixels.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort!.postMessage({
      id,
      error: message,
      bmpError: error instanceof BmpError,
    } satisfies DecodeResult);
  }
});
