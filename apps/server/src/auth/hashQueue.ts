import { HttpError } from '../http/errors.ts';

export const HASHING_BUSY = 'ระบบกำลังตรวจสอบรหัสผ่านจำนวนมาก กรุณาลองใหม่ในอีกสักครู่';

export interface HashQueueLimits {
  /** Hashes running at once, over all callers. */
  readonly concurrency: number;
  /** Calls of one key (an address, a user) running or waiting; beyond it, 429. */
  readonly perKey: number;
  /** Calls waiting over all keys; beyond it, 429. */
  readonly capacity: number;
}

/**
 * scrypt at OWASP's cost takes 128 MB and a few hundred ms of one libuv thread, and libuv has only
 * four, shared with file and DNS work. Unbounded, 16 parallel wrong `changePassword` calls from one
 * signed-in user held every thread and pushed other users' sign-ins from 1 s to 20 s. So every
 * password hash of a request goes through this queue: at most `concurrency` at once (two, leaving
 * threads for files), each key (a client address for sign-in, a user for signed-in calls) runs at
 * most one at a time and is served in turn with the other waiting keys, so one busy key delays
 * another by at most one hash per key ahead of it; a key with `perKey` calls in flight, or a
 * full queue, is answered 429 at once instead of waiting.
 */
export class HashQueue {
  private running = 0;
  private waitingCount = 0;
  /** Waiting calls per key; the map's order is the turn order (a served key goes to the back). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly runningKeys = new Set<string>();

  constructor(
    readonly limits: HashQueueLimits = { concurrency: 2, perKey: 4, capacity: 64 },
    /** The Thai 429 of a full queue; thumbnails use the same fair queue with their own words. */
    private readonly busyMessage: string = HASHING_BUSY,
  ) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const held = this.inFlight.get(key) ?? 0;
    if (held >= this.limits.perKey || this.waitingCount >= this.limits.capacity) {
      throw new HttpError(429, [this.busyMessage]);
    }
    this.inFlight.set(key, held + 1);
    try {
      if (this.running < this.limits.concurrency && !this.runningKeys.has(key)) this.begin(key);
      else await this.wait(key);
      try {
        return await work();
      } finally {
        this.running--;
        this.runningKeys.delete(key);
        // Its next call, if any, goes behind every other waiting key: turns, not first come.
        const own = this.waiting.get(key);
        if (own) {
          this.waiting.delete(key);
          this.waiting.set(key, own);
        }
        this.next();
      }
    } finally {
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left > 0) this.inFlight.set(key, left);
      else this.inFlight.delete(key);
    }
  }

  private begin(key: string): void {
    this.running++;
    this.runningKeys.add(key);
  }

  private wait(key: string): Promise<void> {
    this.waitingCount++;
    return new Promise((resolve) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push(() => {
        this.waitingCount--;
        this.begin(key);
        resolve();
      });
      this.waiting.set(key, queue);
    });
  }

  /** Starts the first waiting key in turn that is not already running, while there is room. */
  private next(): void {
    for (const [key, queue] of this.waiting) {
      if (this.running >= this.limits.concurrency) return;
      if (this.runningKeys.has(key)) continue;
      const start = queue.shift()!;
      this.waiting.delete(key);
      if (queue.length) this.waiting.set(key, queue);
      start();
    }
  }
}
