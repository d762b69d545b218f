import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live, addressed by their SHA-256 (the key). The disk store below is the
 * default; an S3-compatible store can replace it where several API instances run.
 */
export interface FileStorage {
  /** Stores the bytes (once per content) and answers their key. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes of a key, or undefined when the store does not hold it. */
  get(key: string): Promise<Readable | undefined>;
  has(key: string): Promise<boolean>;
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

  async put(bytes: Buffer): Promise<string> {
    const key = sha256Of(bytes);
    const target = this.pathOf(key);
    if (await this.has(key)) return key;
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename: a reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o640 });
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
    return key;
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

  async has(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
