import { HttpError } from '../http/errors.ts';

export interface FairQueueLimits {
  /** Calls running at once, over all callers. */
  readonly concurrency: number;
  /** Calls of one key (an address, a user) running or waiting; beyond it, 429. */
  readonly perKey: number;
  /** Calls waiting over all keys; beyond it, 429. */
  readonly capacity: number;
}

/**
 * Costly work of requests (a password hash, a thumbnail) run fairly: at most `concurrency` at
 * once, each key (a client address, a user) runs at most one at a time and is served in turn
 * with the other waiting keys, so one busy key delays another by at most one work per key ahead of
 * it; a key with `perKey` calls in flight, or a full queue, is answered 429 at once instead of waiting.
 */
export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  /** Waiting calls per key; the map's order is the turn order (a served key goes to the back). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly runningKeys = new Set<string>();

  constructor(
    readonly limits: FairQueueLimits,
    /** The Thai 429 of a full queue, in the words of its work. */
    private readonly busyMessage: string,
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
