import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live, addressed by their SHA-256 (the key). The disk store below is the
 * default; an S3-compatible store can replace it where several API instances run.
 */
export interface FileStorage {
  /** Stores the bytes (once per content) and answers their key. */
  put(bytes: Buffer): Promise<string>;
  /**
   * Writes the bytes where no reader looks until `commit`: an upload call stages every file and
   * commits them only once the whole call is accepted, so a refused call leaves nothing behind.
   */
  stage(bytes: Buffer): Promise<StagedFile>;
  /** Removes staged bytes older than `ageMs` that nobody committed or discarded (a crash mid-call). */
  sweepStaged(ageMs: number): Promise<number>;
  /** The bytes of a key, or undefined when the store does not hold it. */
  get(key: string): Promise<Readable | undefined>;
  has(key: string): Promise<boolean>;
  /** Removes the bytes of a key (no longer named by any file); a key not held is no error. */
  remove(key: string): Promise<void>;
}

export interface StagedFile {
  readonly key: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

const keyPattern = /^[0-9a-f]{64}$/;
export const isStorageKey = (key: string) => keyPattern.test(key);
export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `<root>/ab/cd/<sha256>`: the user's file name never reaches the file system. */
export class DiskFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are only ever hex hashes, so no parameter can walk out of the root.
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  /** Staged bytes live under `<root>/.staging/`, on the same file system, so a commit is a rename. */
  private get stagingDir(): string {
    return path.join(this.root, '.staging');
  }

  async put(bytes: Buffer): Promise<string> {
    const staged = await this.stage(bytes);
    await staged.commit();
    return staged.key;
  }

  async stage(bytes: Buffer): Promise<StagedFile> {
    const key = sha256Of(bytes);
    await mkdir(this.stagingDir, { recursive: true });
    const temporary = path.join(this.stagingDir, `${key}.${randomUUID()}`);
    await writeFile(temporary, bytes, { flag: 'wx', mode: 0o640 });
    const discard = () => rm(temporary, { force: true });
    return {
      key,
      discard,
      commit: async () => {
        const target = this.pathOf(key);
        if (await this.has(key)) return discard();
        await mkdir(path.dirname(target), { recursive: true });
        // A rename: a reader never sees half a file.
        await rename(temporary, target);
      },
    };
  }

  async sweepStaged(ageMs: number): Promise<number> {
    const names = await readdir(this.stagingDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.stagingDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs >= ageMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async get(key: string): Promise<Readable | undefined> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async has(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
