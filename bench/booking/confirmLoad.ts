/**
 * bench/booking's confirm client, forked by confirm.ts so that the HTTP client's CPU is neither
 * the server's nor on its event loop (as bench/api's autocannon). Each message is one batch of
 * drafts to confirm, `concurrency` at a time; the answer is their latencies and the CPU this
 * process spent on them.
 */
export interface ConfirmBatch {
  readonly api: string;
  readonly query: string;
  readonly token: string;
  readonly drafts: readonly string[];
  readonly concurrency: number;
}

export interface ConfirmBatchResult {
  readonly latencies?: number[];
  readonly cpuMs?: number;
  readonly error?: string;
}

async function confirmAll({ api, query, token, drafts, concurrency }: ConfirmBatch): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < drafts.length) {
        const id = drafts[next++]!;
        const started = performance.now();
        const response = await fetch(`${api}/doBooking/confirm?id=${id}&${query}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await response.text();
        if (response.status !== 201) throw new Error(`confirm: ${response.status} ${text}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

process.on('message', async (batch: ConfirmBatch) => {
  const before = process.cpuUsage();
  let result: ConfirmBatchResult;
  try {
    const latencies = await confirmAll(batch);
    const used = process.cpuUsage(before);
    result = { latencies, cpuMs: (used.user + used.system) / 1000 };
  } catch (error) {
    result = { error: String(error) };
  }
  process.send!(result);
});
