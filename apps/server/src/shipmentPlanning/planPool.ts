import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { PlanningInputError, type PlanningProblem, type PlanSolution, portable } from '@lms/planning';
import { HttpError } from '../http/httpError.ts';
import { tsWorker } from '../tsWorker.ts';
import { planningMessages } from './messages.ts';
import type { PlanAnswer, PlanJob } from './planWorker.ts';

/**
 * The planner off the event loop (issue 42, item 4): a plan ran on the request's thread for up
 * to 2 s, and every other user of the instance waited. Now each plan runs in one of `workers`
 * worker threads (started at the first plan and kept, unref'd while idle); at most `queue` more
 * wait their turn, and beyond that the request is answered 429 in Thai at once. A plan is
 * time-boxed twice: the solver's own limit ends its search, and a worker that has not answered
 * `graceMs` after that limit (counted from when the thread took the job up: a new thread loads
 * the solver first, within `startMs`) is ended (and replaced at the next plan). A plan whose caller gave
 * up (the dispatcher left: its AbortSignal fired) leaves the queue, or, running, is told through
 * a shared flag to end its search now; its result is dropped.
 */
export interface PlanPoolLimits {
  /** Plans solved at once, one thread each. */
  readonly workers: number;
  /** Plans waiting for a thread; beyond it, 429. */
  readonly queue: number;
  /** How long after its time limit a silent worker is ended. */
  readonly graceMs: number;
  /** How long a job may wait for its thread to start it (a new thread loads the solver first). */
  readonly startMs: number;
}

export interface PoolPlanOptions {
  readonly seed: number;
  readonly timeLimitMs: number;
  /** An iteration budget (tests: a plan that does not depend on the machine's speed). */
  readonly iterations?: number;
  /** Fires when the caller no longer wants the plan. */
  readonly signal?: AbortSignal;
}

/** The error of a plan given up by its caller (never sent: the caller has gone). */
export class PlanCancelled extends Error {
  constructor() {
    super('plan cancelled');
    this.name = 'AbortError';
  }
}

interface Pending {
  readonly problem: PlanningProblem;
  readonly options: PoolPlanOptions;
  readonly resolve: (solution: PlanSolution) => void;
  readonly reject: (error: Error) => void;
  /** Removes the abort listener. */
  forget: () => void;
}

interface Slot {
  worker: Worker | null;
  /** Int32 flag: 1 = end the running search. */
  readonly stop: Int32Array;
  job: (Pending & { readonly id: number; watchdog: NodeJS.Timeout; cancelled: boolean }) | null;
}

export const defaultPlanPoolLimits = (): PlanPoolLimits => {
  // One core stays with the event loop; at least one planner.
  const workers = Math.max(1, availableParallelism() - 1);
  return { workers, queue: 2 * workers, graceMs: 5000, startMs: 30_000 };
};

export class PlanPool {
  private readonly slots: Slot[];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  /** Plans finished, cancelled and refused (tests, the benchmark). */
  readonly stats = { solved: 0, cancelled: 0, refused: 0, ended: 0 };

  constructor(readonly limits: PlanPoolLimits = defaultPlanPoolLimits()) {
    this.slots = Array.from({ length: limits.workers }, () => ({
      worker: null,
      stop: new Int32Array(new SharedArrayBuffer(4)),
      job: null,
    }));
  }

  /** Plans running and waiting. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.slots.filter((s) => s.job).length, waiting: this.waiting.length };
  }

  /** Solves in a worker thread; 429 (HttpError) when every thread is busy and the queue is full. */
  plan(problem: PlanningProblem, options: PoolPlanOptions): Promise<PlanSolution> {
    if (options.signal?.aborted) return Promise.reject(new PlanCancelled());
    const free = this.slots.find((s) => !s.job);
    if (!free && this.waiting.length >= this.limits.queue) {
      this.stats.refused += 1;
      return Promise.reject(new HttpError(429, [planningMessages.plannerBusy]));
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = { problem, options, resolve, reject, forget: () => {} };
      const signal = options.signal;
      if (signal) {
        const onAbort = () => this.cancel(pending);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.forget = () => signal.removeEventListener('abort', onAbort);
      }
      if (free) this.start(free, pending);
      else this.waiting.push(pending);
    });
  }

  /** Ends every worker; plans running or waiting fail. */
  async close(): Promise<void> {
    for (const pending of this.waiting.splice(0)) {
      pending.forget();
      pending.reject(new PlanCancelled());
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, job } = slot;
        slot.worker = null;
        slot.job = null;
        if (job) {
          clearTimeout(job.watchdog);
          job.forget();
          job.reject(new PlanCancelled());
        }
        if (worker) await worker.terminate();
      }),
    );
  }

  private cancel(pending: Pending): void {
    const queued = this.waiting.indexOf(pending);
    if (queued >= 0) {
      this.waiting.splice(queued, 1);
      this.stats.cancelled += 1;
      pending.reject(new PlanCancelled());
      return;
    }
    const slot = this.slots.find((s) => s.job === pending || (s.job && s.job.resolve === pending.resolve));
    if (!slot?.job || slot.job.cancelled) return;
    // The search ends at its next iteration; the thread is free once it answers.
    slot.job.cancelled = true;
    Atomics.store(slot.stop, 0, 1);
    this.stats.cancelled += 1;
    pending.reject(new PlanCancelled());
  }

  private start(slot: Slot, pending: Pending): void {
    const worker = slot.worker ?? this.spawn(slot);
    const id = this.nextId++;
    const { options } = pending;
    Atomics.store(slot.stop, 0, 0);
    const watchdog = setTimeout(() => this.end(slot, id), this.limits.startMs);
    slot.job = { ...pending, id, watchdog, cancelled: false };
    worker.ref();
    worker.postMessage({
      id,
      problem: portable(pending.problem),
      seed: options.seed,
      timeLimitMs: options.timeLimitMs,
      ...(options.iterations !== undefined ? { iterations: options.iterations } : {}),
      stop: slot.stop.buffer as SharedArrayBuffer,
    } satisfies PlanJob);
  }

  private spawn(slot: Slot): Worker {
    const worker = tsWorker(new URL('./planWorker.ts', import.meta.url));
    slot.worker = worker;
    worker.on('message', (answer: PlanAnswer) => this.answered(slot, answer));
    const fail = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.finish(slot, (job) => job.reject(error));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`planner thread exited (${code})`)));
    return worker;
  }

  private answered(slot: Slot, answer: PlanAnswer): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    if ('started' in answer) {
      clearTimeout(job.watchdog);
      job.watchdog = setTimeout(() => this.end(slot, job.id), job.options.timeLimitMs + this.limits.graceMs);
      return;
    }
    this.finish(slot, (done) => {
      if (done.cancelled) return;
      if ('solution' in answer) {
        this.stats.solved += 1;
        done.resolve(answer.solution);
      } else done.reject(answer.input ? new PlanningInputError(answer.error) : new Error(answer.error));
    });
  }

  /** A worker silent past its plan's time box: ended, its plan failed; a fresh one starts at the next plan. */
  private end(slot: Slot, id: number): void {
    if (slot.job?.id !== id) return;
    const worker = slot.worker;
    slot.worker = null;
    this.stats.ended += 1;
    this.finish(slot, (job) => {
      if (!job.cancelled) job.reject(new HttpError(503, [planningMessages.plannerStuck]));
    });
    void worker?.terminate();
  }

  /** Frees the slot, settles its plan, and starts the next waiting one. */
  private finish(slot: Slot, settle: (job: NonNullable<Slot['job']>) => void): void {
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.watchdog);
      job.forget();
      settle(job);
    }
    const next = this.waiting.shift();
    if (next) this.start(slot, next);
    else slot.worker?.unref();
  }
}

/** The server's pool. */
export const planPool = new PlanPool();
