/**
 * bench/delivery's load, forked by run.ts so that its CPU is not the server's: `drivers` phones
 * posting a position every `intervalMs` (a stop event every few positions), and `boards` dispatcher
 * streams open on the branch. Each position's fix time names it; a board hearing that trip's
 * position with that time (a `positions` event) measures the update's latency from the post's start.
 */
interface Driver {
  readonly shipmentId: string;
  readonly bearer: string;
  readonly stops: readonly string[];
}
// The options arrive over IPC (500 bearers are too long for an argument).
const options = (await new Promise((resolve) => process.once('message', resolve))) as {
  api: string;
  adminToken: string;
  branchId: string;
  drivers: Driver[];
  boards: number;
  seconds: number;
  intervalMs: number;
  /** Simulated seconds per position (10): the fix times advance by it, whatever the real interval. */
  simStepS: number;
  eventEvery: number;
};

const sentAt = new Map<string, number>();
/** When each position's post was answered: what the board adds after it (the flush, NOTIFY, the stream). */
const answeredAt = new Map<string, number>();
const afterAnswer: number[] = [];
const latencies: number[] = [];
/** Each post's answer time, positions and events apart. */
const postTimes: number[] = [];
const eventTimes: number[] = [];
let boardMessages = 0;
/** Items heard per event name (`positions`, `trips`) over every board, and the bytes of their data. */
const boardItems: Record<string, number> = {};
let boardBytes = 0;
let posts = 0;
let events = 0;
const errors: Record<string, number> = {};
const controller = new AbortController();

async function board() {
  const response = await fetch(`${options.api}/delivery/board/events?branchId=${options.branchId}`, {
    headers: { authorization: `Bearer ${options.adminToken}` },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const lines = block.split('\n');
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines.find((line) => line.startsWith('data: '));
        if (!event || !data) continue;
        boardMessages++;
        const items = JSON.parse(data.slice(6)) as unknown[];
        boardItems[event] = (boardItems[event] ?? 0) + items.length;
        boardBytes += data.length;
        if (event !== 'positions') continue;
        for (const position of items as { tripId: string; at: string }[]) {
          const key = `${position.tripId}@${position.at}`;
          const sent = sentAt.get(key);
          if (sent) latencies.push(performance.now() - sent);
          const answered = answeredAt.get(key);
          if (answered) afterAnswer.push(performance.now() - answered);
        }
      }
    }
  } catch {
    // aborted at the end
  }
}

// Fix times run from the past up to about now: the server takes none from the future.
const simStart =
  Date.now() - ((options.seconds * 1000) / options.intervalMs + 2) * options.simStepS * 1000 - 120_000;

async function phone(driver: Driver, index: number) {
  // Spread the phones over the interval, as real ones are.
  await new Promise((r) => setTimeout(r, (index * options.intervalMs) / options.drivers.length));
  const end = Date.now() + options.seconds * 1000;
  let tick = 0;
  let stop = 0;
  while (Date.now() < end) {
    const at = new Date(simStart + tick * options.simStepS * 1000).toISOString();
    const key = `${driver.shipmentId}@${at}`;
    const started = performance.now();
    sentAt.set(key, started);
    const response = await fetch(`${options.api}/driver/trips/${driver.shipmentId}/positions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${driver.bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ positions: [{ lat: 13.7 + tick * 0.001, lon: 100.5, accuracy: 12, at }] }),
    });
    await response.arrayBuffer();
    postTimes.push(performance.now() - started);
    answeredAt.set(key, performance.now());
    if (response.status !== 200)
      errors[`position ${response.status}`] = (errors[`position ${response.status}`] ?? 0) + 1;
    posts++;
    // Each phone in its own phase: the fleet's stop events are spread as its positions are.
    if (tick % options.eventEvery === index % options.eventEvery && stop < driver.stops.length * 2) {
      const stopId = driver.stops[Math.floor(stop / 2)]!;
      const kind = stop % 2 === 0 ? 'arrived' : 'left';
      const eventStarted = performance.now();
      const answer = await fetch(`${options.api}/driver/trips/${driver.shipmentId}/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${driver.bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: [{ id: crypto.randomUUID(), kind, stopId, at }] }),
      });
      await answer.arrayBuffer();
      eventTimes.push(performance.now() - eventStarted);
      if (answer.status !== 200)
        errors[`event ${answer.status}`] = (errors[`event ${answer.status}`] ?? 0) + 1;
      events++;
      stop++;
    }
    tick++;
    const wait = options.intervalMs - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

const boards = Array.from({ length: options.boards }, board);
await new Promise((r) => setTimeout(r, 500));
await Promise.all(options.drivers.map(phone));
await new Promise((r) => setTimeout(r, 1000));
controller.abort();
await Promise.allSettled(boards);
const pct = (p: number, list = latencies) => {
  list.sort((a, b) => a - b);
  return list[Math.min(list.length - 1, Math.floor((list.length * p) / 100))] ?? 0;
};
process.send!({
  posts,
  events,
  boardMessages,
  boardItems,
  boardBytes,
  measured: latencies.length,
  p50: pct(50),
  p95: pct(95),
  max: pct(100),
  post: { p50: pct(50, postTimes), p95: pct(95, postTimes) },
  afterAnswer: { p50: pct(50, afterAnswer), p95: pct(95, afterAnswer) },
  event: { p50: pct(50, eventTimes), p95: pct(95, eventTimes) },
  errors,
});
process.disconnect();

export {};
