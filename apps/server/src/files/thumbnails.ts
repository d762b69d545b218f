import { buffer } from 'node:stream/consumers';
import { type Rule, Throttle } from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { FairQueue } from '../queue/fairQueue.ts';
import { makeThumbnail, normalizeBmp, THUMB_CONTENT_TYPE } from './images.ts';
import {
  fileMessages,
  THUMB_DEFAULT,
  THUMB_MAX,
  THUMB_MIN,
  THUMB_QUEUE,
  THUMB_RATE,
  THUMB_SIDES,
  type ThumbFit,
  thumbFits,
} from './limits.ts';
import {
  findThumbnail,
  type StoredFile,
  saveNormalized,
  saveThumbnail,
  type ThumbKey,
} from './repository.ts';
import { detectFormat } from './sniff.ts';
import type { FileStorage } from './storage.ts';

export interface ThumbRequest {
  readonly width: number;
  readonly height: number;
  readonly fit: ThumbFit;
}

/** The smallest made side that is at least `side` (the browser scales it down, never up). */
const snap = (side: number) => THUMB_SIDES.find((s) => s >= side) ?? THUMB_MAX;

/**
 * `w`, `h` and `fit` from the query: rounded, bounded to 16..1024 and snapped up to one of
 * THUMB_SIDES, a missing side takes the other one (or 48), fit COVER by default.
 */
export function parseThumbQuery(query: {
  w?: unknown;
  h?: unknown;
  fit?: unknown;
}): ThumbRequest | 'badSize' | 'badFit' {
  const side = (value: unknown) => {
    if (value === undefined || value === '') return undefined;
    // A repeated parameter arrives as an array: not a size.
    const n = typeof value === 'string' ? Number(value) : Number.NaN;
    return Number.isFinite(n) ? snap(Math.min(THUMB_MAX, Math.max(THUMB_MIN, Math.round(n)))) : Number.NaN;
  };
  const w = side(query.w);
  const h = side(query.h);
  if (Number.isNaN(w) || Number.isNaN(h)) return 'badSize';
  if (query.fit !== undefined && typeof query.fit !== 'string') return 'badFit';
  const fit = (query.fit?.trim() || 'COVER').toUpperCase();
  if (!thumbFits.includes(fit as ThumbFit)) return 'badFit';
  return { width: w ?? h ?? THUMB_DEFAULT, height: h ?? w ?? THUMB_DEFAULT, fit: fit as ThumbFit };
}

/** Thumbnails made once per source content, size and fit, then kept in the file storage. */
export class Thumbnails {
  private readonly inFlight = new Map<string, Promise<string>>();
  /** Generation decodes whole images: bounded, and shared fairly between users. */
  private readonly queue = new FairQueue(THUMB_QUEUE, fileMessages.thumbnailsBusy);

  /** Generations per user over time, across instances (THUMB_RATE). */
  private readonly rate: Throttle;

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    rate: Rule = THUMB_RATE,
  ) {
    this.rate = new Throttle(db, 'thumbnail', [rate]);
  }

  /** The storage key of the thumbnail, and whether it already existed. */
  async get(
    file: StoredFile,
    request: ThumbRequest,
    userId: string,
  ): Promise<{ key: string; cached: boolean }> {
    const key: ThumbKey = { sourceSha256: file.sha256, ...request };
    const existing = await findThumbnail(this.db, key);
    if (existing && (await this.storage.has(existing))) return { key: existing, cached: true };
    const id = `${key.sourceSha256}/${key.width}x${key.height}/${key.fit}`;
    // Simultaneous first requests share one generation.
    let pending = this.inFlight.get(id);
    if (!pending) {
      // Only a generation counts (a stored thumbnail costs nothing); the first asker pays for it.
      const wait = await this.rate.retryAfter(userId, '');
      if (wait > 0) throw new HttpError(429, [fileMessages.thumbnailsTooOften(Math.ceil(wait / 60_000))]);
      await this.rate.recordSuccess(userId, '');
      pending = this.inFlight.get(id);
    }
    if (!pending) {
      pending = this.queue
        .run(`user:${userId}`, () => this.generate(file, key))
        .finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return { key: await pending, cached: false };
  }

  private async generate(file: StoredFile, key: ThumbKey): Promise<string> {
    const bytes = await this.readable(file);
    const thumb = await makeThumbnail(bytes, detectFormat(bytes), key.width, key.height, key.fit);
    const thumbKey = await this.storage.put(thumb);
    await saveThumbnail(this.db, key, thumbKey, THUMB_CONTENT_TYPE);
    return thumbKey;
  }

  /**
   * The bytes sharp reads: a BMP's normalized PNG. A BMP stored before uploads normalized is
   * normalized now, once (off the event loop), and recorded for every later thumbnail.
   */
  private async readable(file: StoredFile): Promise<Buffer> {
    const bytes = await this.read(file.normalizedSha256 ?? file.sha256);
    if (file.normalizedSha256 || detectFormat(bytes) !== 'bmp') return bytes;
    const png = await normalizeBmp(bytes);
    await saveNormalized(this.db, file.sha256, await this.storage.put(png));
    return png;
  }

  private async read(key: string): Promise<Buffer> {
    const stream = await this.storage.get(key);
    if (!stream) throw new Error(`file content ${key} is missing from storage`);
    return buffer(stream);
  }
}
