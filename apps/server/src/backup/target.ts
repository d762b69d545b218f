import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '../config.ts';
import { ensureDatabase } from '../db/admin.ts';
import { localUrl, startEmbeddedPostgres } from '../db/embedded.ts';
import { isAlive, postmasterPid } from '../db/postmaster.ts';
import { BackupError, backupMessages } from './messages.ts';

const DATABASE = 'lms';
export interface Target {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The operator commands' database: DATABASE_URL's, or the embedded cluster under LMS_DATA_DIR.
 * `backup` works beside a running server (or starts the cluster itself); `restore` wants it stopped.
 */
export async function openDatabase(purpose: 'backup' | 'restore'): Promise<Target> {
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
