import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isStorageKey } from '../files/storage.ts';
import { BackupError, backupMessages } from './messages.ts';

/**
 * The file half of a backup: the disk store's content files (`ab/cd/<sha256>`, the layout of
 * files/storage.ts), copied as they are. Staged bytes of calls in flight are not files yet and
 * are left out. Names are the content's SHA-256, so a restore checks every byte before using any.
 */

export interface FileCounts {
  readonly count: number;
  readonly bytes: number;
}

const relativeOf = (key: string) => path.join(key.slice(0, 2), key.slice(2, 4), key);

/** The store's content keys (none when the store does not exist yet). */
async function keysIn(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return entries
    .map(String)
    .filter((entry) => !entry.startsWith('.staging') && isStorageKey(path.basename(entry)))
    .filter((entry) => entry === relativeOf(path.basename(entry)))
    .map((entry) => path.basename(entry))
    .sort();
}

export async function copyFilesOut(store: string, archive: string): Promise<FileCounts> {
  let bytes = 0;
  const keys = await keysIn(store);
  for (const key of keys) {
    const target = path.join(archive, relativeOf(key));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(store, relativeOf(key)), target);
    bytes += (await stat(target)).size;
  }
  return { count: keys.length, bytes };
}

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/** Every archived file is the content its name says and the manifest counts them all. */
export async function verifyFiles(archive: string, expected: FileCounts): Promise<string[]> {
  const keys = await keysIn(archive);
  if (keys.length !== expected.count)
    throw new BackupError(backupMessages.damaged(`${keys.length} files, manifest says ${expected.count}`));
  for (const key of keys) {
    if ((await sha256File(path.join(archive, relativeOf(key)))) !== key)
      throw new BackupError(backupMessages.damaged(`file ${key} does not match its checksum`));
  }
  return keys;
}

/**
 * Copies the archived files into the store; one the store already holds is the same content and
 * stays. Each goes in by rename from a temporary name, as the store's own writes do.
 */
export async function copyFilesIn(archive: string, keys: readonly string[], store: string): Promise<void> {
  for (const key of keys) {
    const target = path.join(store, relativeOf(key));
    if (await stat(target).catch(() => undefined)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.restoring`;
    await copyFile(path.join(archive, relativeOf(key)), temporary);
    await rename(temporary, target);
  }
}
