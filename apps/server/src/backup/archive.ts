import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFilesIn, copyFilesOut, type FileCounts, verifyFiles } from './files.ts';
import { BackupError, backupMessages } from './messages.ts';
import { type DatabaseContents, dumpDatabase, existingData, loadDatabase } from './tables.ts';

/**
 * One backup is one directory (docs/operations.md, "Backup and restore"):
 *
 *     lms-backup-20261125-034000/
 *       manifest.json        when, which migration, rows per table, sequences, file counts
 *       database/<table>.jsonl.gz
 *       files/ab/cd/<sha256> the file store's content, as stored
 *
 * It is written under `<name>.partial` and renamed when complete, so a directory without that
 * suffix is always a whole backup.
 */
export interface Manifest extends DatabaseContents {
  readonly format: 'lms-backup';
  readonly version: 1;
  readonly createdAt: string;
  readonly files: FileCounts;
}

const MANIFEST = 'manifest.json';

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export const totalRows = (manifest: Manifest) => Object.values(manifest.tables).reduce((a, b) => a + b, 0);

/** Writes a backup of the database at `databaseUrl` and the store at `filesDir` into a new directory under `outDir`. */
export async function createBackup(options: {
  databaseUrl: string;
  filesDir: string;
  outDir: string;
  now?: Date;
}): Promise<{ dir: string; manifest: Manifest }> {
  const createdAt = options.now ?? new Date();
  // Two backups in one second get `-2`, `-3` …: a backup is never written over another.
  let dir = path.join(options.outDir, `lms-backup-${stamp(createdAt)}`);
  for (let n = 2; await stat(dir).catch(() => undefined); n++)
    dir = path.join(options.outDir, `lms-backup-${stamp(createdAt)}-${n}`);
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'database'), { recursive: true, mode: 0o700 });
  // The database first: files are only ever added, so every file its rows name is already stored.
  const contents = await dumpDatabase(options.databaseUrl, path.join(partial, 'database'));
  const files = await copyFilesOut(options.filesDir, path.join(partial, 'files'));
  const manifest: Manifest = {
    format: 'lms-backup',
    version: 1,
    createdAt: createdAt.toISOString(),
    ...contents,
    files,
  };
  await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, dir);
  return { dir, manifest };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])-01$/;
/** A century of months a split table: a restore makes a partition for each, so the list is bounded. */
const MONTHS_MAX = 1200;
const validMonths = (months: unknown) =>
  typeof months === 'object' &&
  months !== null &&
  Object.values(months).every(
    (list) =>
      Array.isArray(list) &&
      list.length <= MONTHS_MAX &&
      list.every((m) => typeof m === 'string' && MONTH.test(m)),
  );

export async function readManifest(dir: string): Promise<Manifest> {
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== 'lms-backup' || manifest.version !== 1 || !manifest.tables) throw new Error();
    if (manifest.months !== undefined && !validMonths(manifest.months)) throw new Error();
    return manifest;
  } catch {
    throw new BackupError(backupMessages.notAnArchive(dir));
  }
}

/**
 * Restores a backup: checks the whole archive first (manifest, every file's checksum, every table's
 * data present), refuses a database that holds rows unless `force`, then copies the files in and
 * replaces the database in one transaction. A refused or failed restore leaves the database as it was.
 */
export async function restoreBackup(options: {
  dir: string;
  databaseUrl: string;
  filesDir: string;
  force: boolean;
  /** Today, for the months a restored database makes ahead (db/partitions.ts). */
  now?: Date;
}): Promise<Manifest> {
  const manifest = await readManifest(options.dir);
  const keys = await verifyFiles(path.join(options.dir, 'files'), manifest.files);
  for (const table of Object.keys(manifest.tables)) {
    if (!(await stat(path.join(options.dir, 'database', `${table}.jsonl.gz`)).catch(() => undefined)))
      throw new BackupError(backupMessages.damaged(`no data for table ${table}`));
  }
  const existing = await existingData(options.databaseUrl);
  if (existing.rows > 0 && !options.force) {
    const name = decodeURIComponent(new URL(options.databaseUrl).pathname.slice(1));
    throw new BackupError(backupMessages.notEmpty(name, existing.tables, existing.rows));
  }
  // Files before rows: a restored row never names a file that is not there yet.
  await copyFilesIn(path.join(options.dir, 'files'), keys, options.filesDir);
  await loadDatabase(options.databaseUrl, path.join(options.dir, 'database'), manifest, options.now);
  return manifest;
}
