import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../http/httpError.ts';
import { readSheetHere } from './read.ts';
import type { SheetMessage } from './sheetMessages.ts';

/**
 * The sheet reader's thread (started by read.ts for a large .xlsx or CSV): the parse of the file (xlsx.ts) runs
 * here while the server's thread checks and writes the rows already read. Rows go over a chunk at a
 * time, at most AHEAD chunks before the server asks for more, so a slow check never piles the whole
 * sheet up in memory.
 */
export const AHEAD = 4;

const { bytes, fileName } = workerData as { bytes: Uint8Array; fileName: string };
let credits = AHEAD;
let wake: (() => void) | undefined;
parentPort!.on('message', () => {
  credits++;
  wake?.();
});
const post = (message: SheetMessage) => parentPort!.postMessage(message);

try {
  const sheet = await readSheetHere(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileName);
  post({ type: 'headers', headers: sheet.headers });
  for await (const rows of sheet.chunks) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    post({ type: 'rows', rows, read: sheet.read() });
  }
  post({ type: 'end' });
} catch (error) {
  post(
    error instanceof HttpError
      ? { type: 'refused', status: error.status, messages: error.messages }
      : { type: 'failed', message: String(error) },
  );
}
