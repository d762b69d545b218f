import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { builtWebApp, WEB_DIST } from '../../../tests/webBuild.ts';
import { type AppOptions, buildApp } from '../src/app.ts';
import type { ContactSettings } from '../src/contact/settings.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, type Database } from '../src/db/database.ts';
import { seedDemoCompany } from '../src/seed/demo.ts';
import { DEMO_TEMPLATE_PREFIX } from './global-setup.ts';

/**
 * Creates database `name` with the demo company of `today` (seed/demo.ts, what `npm start` seeds),
 * copied from a template of it: the first file of the run that asks seeds the template, every
 * other file copies it. Seeding the company is ~5 CPU-s (4 of the worker, 1 of PostgreSQL) and
 * 15–20 s on a loaded machine; a copy ~0.1 CPU-s. Seeding and copies take turns on an advisory
 * lock: no file copies a template still being seeded (PostgreSQL refuses a copy of a database in use).
 */
export async function createDemoDatabase(name: string, today: string): Promise<void> {
  const adminUrl = inject('pgAdminUrl');
  const template = `${DEMO_TEMPLATE_PREFIX}${today.replaceAll('-', '')}`;
  // One connection of its own: a session's advisory lock ends with its connection, and a pool
  // closes a connection idle for 10 s, as this one is while the company is seeded.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) await seedTemplate(adminUrl, admin, template, today);
    await createDatabase(adminUrl, name, template);
  } finally {
    await admin.end();
  }
}

async function seedTemplate(adminUrl: string, admin: pg.Client, template: string, today: string) {
  await createDatabase(adminUrl, template, inject('pgTemplate'));
  const db = connect(databaseUrl(adminUrl, template), 2);
  try {
    await seedDemoCompany(db, today);
  } catch (error) {
    await db.destroy();
    await dropDatabase(adminUrl, template);
    throw error;
  }
  await db.destroy();
  // A closed connection's backend takes a moment to go; nobody may be on a template copied.
  await admin.query(`alter database "${template}" with allow_connections false`);
  for (let waited = 0; ; waited += 100) {
    const { rowCount } = await admin.query('select 1 from pg_stat_activity where datname = $1', [template]);
    if (!rowCount) return;
    if (waited > 30_000) throw new Error(`${template}: its seeding connections did not end within 30 s`);
    await setTimeout(100);
  }
}

export interface TestServer {
  /** Base URL of the web app, e.g. http://127.0.0.1:40123/ */
  readonly origin: string;
  /** Base URL of the API over real HTTP on loopback, e.g. http://127.0.0.1:40123/api */
  readonly api: string;
  readonly db: Database;
  readonly app: FastifyInstance;
  /** The database's URL (a worker or a listener of the test's own). */
  readonly databaseUrl: string;
}

/**
 * Gives the test file its own database (a copy of the migrated template) and a real HTTP
 * server on a random loopback port. Call at the top of a test file; use inside tests.
 */
export function setupTestServer(
  options: {
    webDist?: string;
    dataDir?: string;
    /** Customer-message settings, asked for when the server starts (a fake provider's URL is known by then). */
    contact?: () => ContactSettings;
    /** More of the app's options, asked for when the server starts (a fake S3's address is known by then). */
    app?: () => Partial<AppOptions>;
    /** The database starts with the demo company seeded as of this Bangkok date (`createDemoDatabase`). */
    demoCompany?: string;
  } = {},
): TestServer {
  const state = {} as { origin: string; api: string; db: Database; app: FastifyInstance };
  const adminUrl = inject('pgAdminUrl');
  const name = `lms_t_${randomBytes(6).toString('hex')}`;
  beforeAll(
    async () => {
      if (options.demoCompany) await createDemoDatabase(name, options.demoCompany);
      else await createDatabase(adminUrl, name, inject('pgTemplate'));
      // The web app's build may still be under way (`npm test` builds it beside Vitest's start).
      const webDist = options.webDist === WEB_DIST ? await builtWebApp() : options.webDist;
      state.db = connect(databaseUrl(adminUrl, name), 10);
      // trustProxy lets a test speak from several client addresses (X-Forwarded-For).
      state.app = await buildApp({
        db: state.db,
        webDist,
        dataDir: options.dataDir,
        trustProxy: true,
        databaseUrl: databaseUrl(adminUrl, name),
        contact: options.contact?.(),
        // The test runs its own outbox workers, to stop and kill them.
        contactWorker: false,
        // LMS_TEST_LOG=error shows server-side errors while debugging a test.
        logger: process.env.LMS_TEST_LOG ? { level: process.env.LMS_TEST_LOG } : false,
        ...options.app?.(),
      });
      await state.app.listen({ port: 0, host: '127.0.0.1' });
      const address = state.app.server.address();
      if (!address || typeof address !== 'object') throw new Error('server did not bind');
      state.origin = `http://127.0.0.1:${address.port}`;
      state.api = `${state.origin}/api`;
      // The first file of a run that asks for the demo company seeds it: most of a minute when
      // loaded; the first end-to-end files may wait for the web app's build as long.
    },
    options.demoCompany || options.webDist === WEB_DIST ? 300_000 : undefined,
  );
  afterAll(async () => {
    await closeApp(state.app);
    // The pool waits for every connection lent out; a drop (with force) ends any still lent.
    const pool = state.db?.destroy();
    if (pool && !(await settles(pool, STEP_MS)))
      await report(
        `${name}: the pool still has connections lent out after ${STEP_MS / 1000} s`,
        adminUrl,
        name,
      );
    await watched(dropDatabase(adminUrl, name), `${name}: dropping the database`, adminUrl);
    await pool;
  }, TEARDOWN_MS);
  return {
    get origin() {
      return state.origin;
    },
    get api() {
      return state.api;
    },
    get db() {
      return state.db;
    },
    get app() {
      return state.app;
    },
    get databaseUrl() {
      return databaseUrl(adminUrl, name);
    },
  };
}

/**
 * A second API instance on the database of `first` (docs/operations.md "Several instances"):
 * its own process state — principal cache, listeners, queues — and its own port, nothing
 * shared but PostgreSQL. Call after `setupTestServer`; it starts after the first and stops before.
 */
export function setupSecondInstance(first: TestServer): Omit<TestServer, 'databaseUrl'> {
  const state = {} as { origin: string; api: string; db: Database; app: FastifyInstance };
  beforeAll(async () => {
    state.db = connect(first.databaseUrl, 10);
    state.app = await buildApp({
      db: state.db,
      trustProxy: true,
      databaseUrl: first.databaseUrl,
      contactWorker: false,
      logger: process.env.LMS_TEST_LOG ? { level: process.env.LMS_TEST_LOG } : false,
    });
    await state.app.listen({ port: 0, host: '127.0.0.1' });
    const address = state.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('server did not bind');
    state.origin = `http://127.0.0.1:${address.port}`;
    state.api = `${state.origin}/api`;
  });
  afterAll(async () => {
    await closeApp(state.app);
    await state.db?.destroy();
  }, TEARDOWN_MS);
  return {
    get origin() {
      return state.origin;
    },
    get api() {
      return state.api;
    },
    get db() {
      return state.db;
    },
    get app() {
      return state.app;
    },
  };
}

/**
 * A test file's teardown, bounded and telling: CI once spent the whole hook timeout in one file's
 * teardown (its test had passed in 0.3 s) with nothing to say which step waited. It was the
 * server's close, held by a kept-alive connection (fixed: http/shutdown.ts, shutdown.test.ts). A
 * step that takes longer than STEP_MS prints what it waits on, and the server's connections still
 * open after it are cut: the file's tests are over, and no answer is still owed to them.
 */
const STEP_MS = 15_000;
const TEARDOWN_MS = 120_000;

/** Whether `work` ends within `ms` (it goes on either way); the timer goes with the answer. */
async function settles(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = globalThis.setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function closeApp(app: FastifyInstance | undefined): Promise<void> {
  if (!app) return;
  const closed = app.close();
  if (await settles(closed, STEP_MS)) return;
  const open = await new Promise<number>((resolve) => app.server.getConnections((_, n) => resolve(n)));
  console.error(
    `[teardown] the server had not closed after ${STEP_MS / 1000} s: ${open} connection(s) open; cut`,
  );
  app.server.closeAllConnections();
  await closed;
}

/** Awaits `work`, printing the cluster's sessions if it runs long (a drop waits on other databases' too). */
async function watched(work: Promise<unknown>, what: string, adminUrl: string) {
  const timer = globalThis.setTimeout(
    () => void report(`${what}: still waiting after ${STEP_MS / 1000} s`, adminUrl),
    STEP_MS,
  );
  try {
    await work;
  } finally {
    clearTimeout(timer);
  }
}

/** Prints `what` and the sessions on `database` (or on the whole cluster): who waits on what. */
async function report(what: string, adminUrl: string, database?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    const { rows } = await admin.query(
      `select datname, pid, application_name, backend_type, state, wait_event_type, wait_event,
              now() - query_start as running, left(query, 160) as query
         from pg_stat_activity
        where pid <> pg_backend_pid() and ($1::text is null or datname = $1)`,
      [database ?? null],
    );
    console.error(`[teardown] ${what}\n${rows.map((row) => JSON.stringify(row)).join('\n')}`);
  } catch (error) {
    console.error(`[teardown] ${what} (sessions not read: ${String(error)})`);
  } finally {
    await admin.end().catch(() => {});
  }
}
