import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, migrate } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

export const TEMPLATE = 'lms_test_template';
/** The demo companies' templates start so (harness.ts `createDemoDatabase`); dropped with the run. */
export const DEMO_TEMPLATE_PREFIX = 'lms_demo_';

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
  await dropDemoTemplates(adminUrl);
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
      await dropDemoTemplates(url).catch(() => {});
      await dropDatabase(url, TEMPLATE).catch(() => {});
      await stopEmbedded?.();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo companies' templates (harness.ts `createDemoDatabase`) of this run, or one a stopped run left
 * on DATABASE_URL's server: seeded on an older schema, it must not be copied again.
 */
async function dropDemoTemplates(adminUrl: string) {
  const admin = connect(adminUrl, 1);
  try {
    const { rows } = await sql<{ datname: string }>`
      select datname from pg_database where starts_with(datname, ${DEMO_TEMPLATE_PREFIX})`.execute(admin);
    for (const { datname } of rows) await dropDatabase(adminUrl, datname);
  } finally {
    await admin.destroy();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
