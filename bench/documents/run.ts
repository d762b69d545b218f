/**
 * `npm run bench -- documents`: one appointment slip (p50/p95 ms, a new PDF each time, as a
 * request makes it) and a 500-document batch streamed into one PDF (seconds, peak RSS, MB out).
 * Rendering only (sample rows, no database): the queries are a few indexed lookups per 50
 * records. Goals (issue 20): one < 100 ms, 500 in < 20 s, memory flat while streaming. Then 500
 * delivery notes with proof (signature + 2 photos each; proofBatch.ts): goal < 30 s, memory flat.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appointmentModel } from '../../apps/server/src/documents/appointment.ts';
import { openPdf, renderDocument } from '../../apps/server/src/documents/render.ts';
import { proofBatch } from './proofBatch.ts';
import { sampleBooking, sampleContext } from './sampleData.ts';

const ctx = sampleContext(true);
const SINGLES = Number(process.env.BENCH_DOCUMENTS ?? 200);
const BATCH = 500;

/** Renders `count` slips into one PDF and drains it; answers the bytes written. */
async function render(count: number): Promise<number> {
  const doc = openPdf({ title: 'bench' });
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const drained = pipeline(doc as unknown as NodeJS.ReadableStream, sink);
  for (let i = 0; i < count; i++) {
    renderDocument(doc, appointmentModel(sampleBooking(i + 1, 6), ctx));
    // Let the sink read between documents, as the HTTP reply does.
    if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
  await drained;
  return bytes;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

await render(5); // warm up (font parsing, JIT)
// CPU time beside wall time: on a shared machine the wall clock mostly measures the neighbours.
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const times: number[] = [];
const singlesCpu = process.cpuUsage();
for (let i = 0; i < SINGLES; i++) {
  const start = performance.now();
  await render(1);
  times.push(performance.now() - start);
}
const cpuPerSlip = cpuMs(singlesCpu) / SINGLES;
times.sort((a, b) => a - b);
console.log(
  `one appointment slip: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${SINGLES} runs; ${cpuPerSlip.toFixed(1)} ms CPU each)`,
);

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const before = process.memoryUsage().rss;
const start = performance.now();
const batchCpu = process.cpuUsage();
const bytes = await render(BATCH);
const batchCpuS = cpuMs(batchCpu) / 1000;
clearInterval(sampler);
console.log(
  `${BATCH}-document batch: ${((performance.now() - start) / 1000).toFixed(2)} s (${batchCpuS.toFixed(2)} s CPU), ${(bytes / 1e6).toFixed(1)} MB, ` +
    `RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB`,
);

// Proof on paper (issue 39): the same batch of delivery notes, each with a signature and two photos.
await proofBatch(Number(process.env.BENCH_PROOF_NOTES ?? BATCH));
