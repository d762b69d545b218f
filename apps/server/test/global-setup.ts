import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, migrate } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

export const TEMPLATE = 'lms_test_template';

interface Cluster {
  readonly adminUrl: string;
  /** Projects of this run still using it. */
  users: number;
  stop(): Promise<void>;
}

/** Vitest runs the global setups of the server and e2e projects in its one main process: they share a cluster. */
const run = globalThis as typeof globalThis & { lmsTestCluster?: Promise<Cluster> };

/**
 * One real PostgreSQL for the whole run (embedded, or DATABASE_URL's server), and a migrated
 * template database; every test file then copies the template into a fresh database.
 */
export default async function setup(project: TestProject) {
  run.lmsTestCluster ??= startCluster();
  const cluster = await run.lmsTestCluster;
  cluster.users += 1;
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgTemplate', TEMPLATE);
  return async () => {
    cluster.users -= 1;
    if (cluster.users > 0) return;
    run.lmsTestCluster = undefined;
    await cluster.stop();
  };
}

async function startCluster(): Promise<Cluster> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let adminUrl = process.env.DATABASE_URL;
  let dir: string | undefined;
  if (adminUrl) {
    adminUrl = databaseUrl(adminUrl, 'postgres');
  } else {
    dir = await mkdtemp(path.join(tmpdir(), 'lms-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir, { throwaway: true });
    adminUrl = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }
  await dropDatabase(adminUrl, TEMPLATE);
  await createDatabase(adminUrl, TEMPLATE);
  const db = connect(databaseUrl(adminUrl, TEMPLATE), 1);
  await migrate(db);
  await db.destroy();
  const url = adminUrl;
  return {
    adminUrl: url,
    users: 0,
    async stop() {
      await dropDatabase(url, TEMPLATE).catch(() => {});
      await stopEmbedded?.();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
