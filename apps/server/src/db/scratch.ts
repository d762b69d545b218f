import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, databaseUrl, dropDatabase } from './admin.ts';
import { type AnyDatabase, connect, migrate } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * For the schema commands (`db:diff`, `db:types`): a freshly migrated scratch database on
 * DATABASE_URL's server, or on a temporary embedded PostgreSQL, dropped after `work`.
 */
export async function withMigratedScratch<T>(
  work: (db: AnyDatabase, adminUrl: string, level: string) => Promise<T>,
): Promise<T> {
  let adminUrl = process.env.DATABASE_URL && databaseUrl(process.env.DATABASE_URL, 'postgres');
  let cleanup = async () => {};
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'lms-db-scratch-'));
    const embedded = await startEmbeddedPostgres(dir);
    adminUrl = embedded.adminUrl;
    cleanup = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `lms_scratch_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const db = connect(databaseUrl(adminUrl, name), 2);
  try {
    return await work(db, adminUrl, await migrate(db));
  } finally {
    await db.destroy();
    await dropDatabase(adminUrl, name);
    await cleanup();
  }
}
