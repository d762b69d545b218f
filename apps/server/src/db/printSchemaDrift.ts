/**
 * `npm run db:diff`: the ALTERs that the entity declarations need beyond the migrations, for a
 * new migration (apps/server/src/db/migrations/). Migrates a scratch database on DATABASE_URL's
 * server, or on a temporary embedded PostgreSQL, and compares it with the declarations' DDL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entities } from '@lms/domain';
import { createDatabase, databaseUrl, dropDatabase } from './admin.ts';
import { connect, migrate } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { schemaDrift } from './schemaDiff.ts';

let adminUrl = process.env.DATABASE_URL && databaseUrl(process.env.DATABASE_URL, 'postgres');
let cleanup = async () => {};
if (!adminUrl) {
  const dir = await mkdtemp(path.join(tmpdir(), 'lms-db-diff-'));
  const embedded = await startEmbeddedPostgres(dir);
  adminUrl = embedded.adminUrl;
  cleanup = async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
const name = `lms_diff_${randomBytes(6).toString('hex')}`;
await createDatabase(adminUrl, name);
const db = connect(databaseUrl(adminUrl, name), 2);
try {
  const level = await migrate(db);
  const alters = await schemaDrift(adminUrl, db, entities);
  if (alters.length === 0) {
    console.log(`-- the migrations (up to ${level}) give exactly what the declarations ask for`);
  } else {
    console.log(`-- the declarations need, beyond the migrations up to ${level}:`);
    for (const statement of alters) console.log(`${statement};`);
  }
} finally {
  await db.destroy();
  await dropDatabase(adminUrl, name);
  await cleanup();
}
