/**
 * bench/planning-load's client, forked by run.ts so that its own work is not on the server's
 * event loop: asks `url` one request at a time (a person clicking), every `gapMs`, for `ms`, and
 * sends back each request's latency in milliseconds.
 */
export {};

const { url, ms, gapMs } = JSON.parse(process.argv[2]!) as { url: string; ms: number; gapMs: number };
const latencies: number[] = [];
let failures = 0;
const end = performance.now() + ms;
while (performance.now() < end) {
  const started = performance.now();
  const response = await fetch(url).catch(() => null);
  if (!response?.ok) failures += 1;
  else await response.arrayBuffer();
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, gapMs));
}
process.send!({ latencies, failures });
process.disconnect();
