/**
 * bench/booking's confirm client, forked by confirm.ts so that the HTTP client's CPU is neither
 * the server's nor on its event loop (as bench/api's autocannon). Each message is one batch of
 * drafts to confirm, `concurrency` at a time; the answer is their latencies and the CPU this
 * process spent on them. Node's own `http.request` on a keep-alive agent, not `fetch`: the client
 * shares the machine's 2 cores with the server and PostgreSQL, and `fetch` (undici's streams and
 * WHATWG objects) cost ~1.5 ms of CPU a confirm against ~0.5 here (docs/performance.md, "Booking
 * engine"): a load generator's cost is not the server's.
 */
import { Agent, request } from 'node:http';

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

/** One POST on a kept-alive connection: its status and body. */
function post(agent: Agent, url: URL, token: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-length': 0 } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function confirmAll({ api, query, token, drafts, concurrency }: ConfirmBatch): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < drafts.length) {
        const id = drafts[next++]!;
        const started = performance.now();
        const { status, text } = await post(
          agent,
          new URL(`${api}/doBooking/confirm?id=${id}&${query}`),
          token,
        );
        if (status !== 201) throw new Error(`confirm: ${status} ${text}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
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
