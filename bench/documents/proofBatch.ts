/**
 * Proof printing on a big batch (issue 39): 500 delivery notes whose stops carry proof — a
 * signature and two photos each — streamed into one PDF by the server's own batch loop
 * (`renderChunks`: 50 records at a time, documents/routes.ts `CHUNK`, waiting while 4 MB is unread),
 * each document's images shrunk to print with the server's `printableImage` (480 px JPEG on white).
 * The file store's read is left out (the images are in memory): it is a stream per file.
 */
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BookingDelivery } from '@lms/domain';
import { PRINT_SIDE } from '../../apps/server/src/documents/deliveries.ts';
import { deliveryNoteModel } from '../../apps/server/src/documents/deliveryNote.ts';
import type { DocumentModel } from '../../apps/server/src/documents/model.ts';
import { openPdf, renderChunks } from '../../apps/server/src/documents/render.ts';
import { CHUNK } from '../../apps/server/src/documents/routes.ts';
import { printableImage } from '../../apps/server/src/files/images.ts';
import { detectFormat } from '../../apps/server/src/files/sniff.ts';
import { sampleContext, sampleDeliveryOrder } from './sampleData.ts';

// sharp is the server's dependency, not the workspace root's: loaded from there, typed as used here.
type Pipeline = { jpeg(options: object): Pipeline; png(): Pipeline; toBuffer(): Promise<Buffer> };
const sharp = createRequire(new URL('../../apps/server/package.json', import.meta.url))('sharp') as ((
  input: Buffer,
  options: object,
) => Pipeline) & { cache(): { memory: { current: number; max: number } } };

/** A phone's photo as the driver's app uploads it: 1600 px on its longer side, JPEG at 0.8, not flat. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 3) {
    x = (x * 1103515245 + 12345) >>> 0;
    const p = i / 3;
    raw[i] = ((p % width) / width) * 200 + (x & 31);
    raw[i + 1] = (p / width / height) * 180 + ((x >> 5) & 31);
    raw[i + 2] = 90 + ((x >> 10) & 63);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A signature as the pad exports it: dark strokes on transparency, PNG. */
async function signaturePad(): Promise<Buffer> {
  const [width, height] = [800, 300];
  const raw = Buffer.alloc(width * height * 4);
  for (let px = 40; px < width - 40; px++) {
    const py = Math.round(height / 2 + Math.sin(px / 30) * 60);
    for (let dy = -2; dy <= 2; dy++) raw.set([20, 20, 60, 255], ((py + dy) * width + px) * 4);
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A delivered stop of the DO with its proof (the file ids are what the model names, not read). */
const delivered = (n: number, deliveryOrderId: string, docNo: string): BookingDelivery => ({
  shipmentId: '00000000-0000-4000-8000-000000000001',
  shipmentDocNo: `SH2611-${String(n).padStart(6, '0')}`,
  licensePlate: '70-1234 กรุงเทพมหานคร',
  driverName: 'DR01 สมชาย ใจดี',
  stop: {
    id: '00000000-0000-4000-8000-000000000002',
    seq: 1 + (n % 12),
    bookingId: '00000000-0000-4000-8000-000000000003',
    bookingDocNo: `BK2611-${String(n).padStart(6, '0')}`,
    shipToName: 'ST0450 ที่ปั้นดินผู้ใหญ่ปิ่น',
    status: 'DELIVERED',
    windowFrom: '2026-11-25T01:00:00.000Z',
    windowTo: '2026-11-25T03:00:00.000Z',
    plannedArrival: '2026-11-25T02:00:00.000Z',
    eta: null,
    late: false,
    arrivedAt: '2026-11-25T02:05:00.000Z',
    leftAt: '2026-11-25T02:20:00.000Z',
  },
  orders: [{ deliveryOrderId, docNo, article: 'A1001 ปูนซีเมนต์ตราช้าง 50 กก.', qty: 20, delivered: 20 }],
  proof: {
    kind: 'delivered',
    at: '2026-11-25T02:15:00.000Z',
    position: { lat: 13.66, lon: 100.64, accuracy: 12 },
    recipient: 'สมศรี รับของ',
    signatureFileId: '00000000-0000-4000-8000-000000000004',
    photoFileIds: ['00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006'],
    reason: null,
    reasonLabel: null,
    reasonText: null,
    note: 'วางไว้หน้าร้าน',
  },
  returns: [],
});

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

/** Runs the batch of `count` notes with proof; prints wall, CPU, RSS before/after/peak beside the goal. */
export async function proofBatch(count: number): Promise<void> {
  const signature = await signaturePad();
  const photos = [await phonePhoto(1), await phonePhoto(2)];
  const ctx = sampleContext(true);
  /** One note's model as the server's `modelsOf` makes it: its stop's images shrunk to print. */
  const model = async (n: number): Promise<DocumentModel> => {
    const row = sampleDeliveryOrder(n);
    const images = [];
    for (const [caption, bytes] of [
      ['ลายเซ็นผู้รับ', signature],
      ['รูปที่ 1', photos[0]!],
      ['รูปที่ 2', photos[1]!],
    ] as const)
      images.push({ caption, jpeg: await printableImage(bytes, detectFormat(bytes), PRINT_SIDE) });
    return deliveryNoteModel(row, ctx, [{ delivery: delivered(n, row.id, row.doc_no), images }]);
  };

  await model(0); // warm up (sharp's first pipeline, fonts)
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const doc = openPdf({ title: 'bench' });
  let bytes = 0;
  const drained = pipeline(
    doc as unknown as NodeJS.ReadableStream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  // Memory after each chunk: flat means a chunk's images are let go once it is rendered.
  const perChunk: number[] = [];
  /** V8's heap and the buffers it holds, after a collection when run with --expose-gc. */
  const heap: number[] = [];
  let offset = 0;
  const next = async () => {
    if (offset > 0) {
      global.gc?.();
      const m = process.memoryUsage();
      perChunk.push(m.rss);
      heap.push(m.heapUsed + m.external);
    }
    const ids = Array.from(
      { length: Math.max(0, Math.min(CHUNK, count - offset)) },
      (_, i) => offset + i + 1,
    );
    offset += CHUNK;
    return Promise.all(ids.map(model));
  };
  await renderChunks(doc, await next(), next);
  await drained;
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  const after = process.memoryUsage().rss;
  // libvips keeps its operation cache (sharp's default: up to 50 MB) whatever is printed.
  const vipsCache = sharp.cache().memory;
  const cpuS = (used.user + used.system) / 1e6;
  console.log(
    `${count} delivery notes with proof (signature + 2 photos each, ${count * 3} images shrunk to ${PRINT_SIDE} px): ` +
      `${wall.toFixed(2)} s wall (goal < 30 s), ${cpuS.toFixed(2)} s CPU (all threads, sharp's included), ${(bytes / 1e6).toFixed(1)} MB PDF`,
  );
  console.log(
    `  RSS ${mb(before)} MB before, ${mb(after)} MB after, peak ${mb(peak)} MB; after each chunk of ${CHUNK}: ` +
      `${perChunk.map(mb).join(', ')} MB (goal: flat); heap + buffers ${heap.map(mb).join(', ')} MB; libvips' operation cache ${mb(vipsCache.current * 1e6)} MB (its bound ${vipsCache.max} MB)`,
  );
}
