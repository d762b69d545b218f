import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import type { ContactSettings } from '../src/contact/settings.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, type Database } from '../src/db/database.ts';

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
  } = {},
): TestServer {
  const state = {} as { origin: string; api: string; db: Database; app: FastifyInstance };
  const adminUrl = inject('pgAdminUrl');
  const name = `lms_t_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    await createDatabase(adminUrl, name, inject('pgTemplate'));
    state.db = connect(databaseUrl(adminUrl, name), 10);
    // trustProxy lets a test speak from several client addresses (X-Forwarded-For).
    state.app = await buildApp({
      db: state.db,
      webDist: options.webDist,
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
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.destroy();
    await dropDatabase(adminUrl, name);
  });
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
    await state.app?.close();
    await state.db?.destroy();
  });
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
