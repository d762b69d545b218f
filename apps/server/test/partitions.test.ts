import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { entities, ROLE_ADMIN } from '@lms/domain';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, type Database, migrate } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { detachMonth, ensurePartitions, listPartitions, MONTHS_AHEAD } from '../src/db/partitions.ts';
import { sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The monthly partitions (migrations 0058, 0059, db/partitions.ts, docs/operations.md): created
 * ahead and idempotently, a stray row moved into its month, a past month detached by the operator's
 * command while the app goes on answering, and the migration run on a database that has rows.
 */
const server = setupTestServer();
const unit = entities.find((e) => e.name === 'unit')!;
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/backup/partitionCli.ts');
let token = '';

beforeAll(async () => {
  const branchId = await createBranch(server.db);
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
});

const count = async (db: Database, table: string, recordId: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where record_id = ${recordId}`.execute(db)
  ).rows[0]!.n;
const partitionNames = async (db: Database) => (await listPartitions(db)).map((p) => p.name);

describe('the months ahead', () => {
  it('creates this month and the next ones for each table, once', async () => {
    const created = await ensurePartitions(server.db, new Date('2040-06-10T12:00:00Z'));
    const months = ['2040_06', '2040_07', '2040_08', '2040_09'].slice(0, MONTHS_AHEAD + 1);
    expect(created.sort()).toEqual(
      [...months.map((m) => `delivery_position_${m}`), ...months.map((m) => `history_${m}`)].sort(),
    );
    expect(await ensurePartitions(server.db, new Date('2040-06-10T12:00:00Z'))).toEqual([]);
    const june = (await listPartitions(server.db)).find((p) => p.name === 'history_2040_06');
    expect(june?.bounds).toBe("FOR VALUES FROM ('2040-06-01 00:00:00+00') TO ('2040-07-01 00:00:00+00')");
  });
});

describe('a past month', () => {
  let id = '';
  const history = () => call(server.api, 'GET', `/unit/${id}/history`, { token });

  it('waits in the default partition until its month is made, then moves into it', async () => {
    const created = await call(server.api, 'POST', '/unit', { token, body: sampleBody(unit, {}) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.id;
    await sql`insert into history (entity, record_id, action, changes, at)
      values ('unit', ${id}, 'update', '{}', '2025-01-15T03:00:00Z')`.execute(server.db);
    expect(await count(server.db, 'history_default', id)).toBe(1);

    expect(await ensurePartitions(server.db)).toContain('history_2025_01');
    expect(await count(server.db, 'history_default', id)).toBe(0);
    expect(await count(server.db, 'history_2025_01', id)).toBe(1);
    expect((await history()).body.map((h: { action: string }) => h.action)).toEqual(['create', 'update']);
  });

  it('is detached by `npm run db:partitions -- detach`: the app still answers and writes, the rows are archived', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cli, 'detach', 'history', '2025-01'],
      { env: { ...process.env, DATABASE_URL: server.databaseUrl } },
    );
    expect(stdout).toContain('archive.history_2025_01');
    expect(await partitionNames(server.db)).not.toContain('history_2025_01');
    expect(await count(server.db, 'archive.history_2025_01', id)).toBe(1);

    const answered = await history();
    expect(answered.status).toBe(200);
    expect(answered.body.map((h: { action: string }) => h.action)).toEqual(['create']);
    const got = await call(server.api, 'GET', `/unit/${id}`, { token });
    const put = await call(server.api, 'PUT', `/unit/${id}`, {
      token,
      body: { code: got.body.code, name: `${got.body.name} ใหม่`, version: got.body.version },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await history()).body.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
  });

  it('refuses what is not a past month of a split table', async () => {
    await expect(detachMonth(server.db, 'history', '2025-01')).rejects.toThrow('no partition for 2025-01');
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    await expect(detachMonth(server.db, 'history', thisMonth, now)).rejects.toThrow('not over yet');
    await expect(detachMonth(server.db, 'delivery_order', '2025-01')).rejects.toThrow('Not a monthly table');
    await expect(detachMonth(server.db, 'history', '2025-13')).rejects.toThrow('YYYY-MM');
    expect(await partitionNames(server.db)).toContain(`history_${thisMonth.replace('-', '_')}`);
  });
});

describe('the migrations on a database with rows', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `lms_partitions_${randomBytes(6).toString('hex')}`;
  let db: Database | undefined;
  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(adminUrl, name);
  });

  it('keeps every position and history row, in its month, and continues the ids', async () => {
    await createDatabase(adminUrl, name);
    db = connect(databaseUrl(adminUrl, name), 2);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0054_contractor_user')).error).toBeUndefined();
    const branchId = await createBranch(db);
    const { rows } = await sql<{ id: string }>`
      insert into shipment (doc_no, branch_id) values ('SH-1', ${branchId}) returning id`.execute(db);
    const shipment = rows[0]!.id;
    await sql`insert into delivery_trip (shipment_id, branch_id, shift_date, minutes_per_km, planned_start)
      values (${shipment}, ${branchId}, '2024-03-10', 1.5, '2024-03-10T01:00:00Z')`.execute(db);
    const times = ['2024-03-10T02:00:00Z', '2024-03-10T02:00:30Z', new Date().toISOString()];
    for (const at of times)
      await sql`insert into delivery_position (shipment_id, at, lat, lon, accuracy)
        values (${shipment}, ${at}, 13.7, 100.5, 5)`.execute(db);
    for (const at of times)
      await sql`insert into history (entity, record_id, action, changes, at, source)
        values ('shipment', ${shipment}, 'update', '{"n": 1}', ${at}, 'import: x.xlsx')`.execute(db);
    const before = (
      await sql`select id, entity, record_id, action, changes, user_id, at, source from history order by id`.execute(
        db,
      )
    ).rows;

    await migrate(db);
    const kinds = await sql<{ relname: string; relkind: string }>`
      select relname, relkind from pg_class where relname in ('history', 'delivery_position') order by relname`.execute(
      db,
    );
    expect(kinds.rows).toEqual([
      { relname: 'delivery_position', relkind: 'p' },
      { relname: 'history', relkind: 'p' },
    ]);
    const after = (
      await sql`select id, entity, record_id, action, changes, user_id, at, source from history order by id`.execute(
        db,
      )
    ).rows;
    expect(after).toEqual(before);
    expect(await count(db, 'history_2024_03', shipment)).toBe(2);
    expect(await count(db, 'history_default', shipment)).toBe(0);
    const positions = await sql<{ n: number }>`
      select count(*)::int as n from delivery_position_2024_03 where shipment_id = ${shipment}`.execute(db);
    expect(positions.rows[0]!.n).toBe(2);
    expect((await sql`select from delivery_position`.execute(db)).rows).toHaveLength(3);

    const next = await sql<{ id: string }>`
      insert into history (entity, record_id, action, changes) values ('shipment', ${shipment}, 'update', '{}')
      returning id::text`.execute(db);
    const last = before.at(-1) as { id: string };
    expect(BigInt(next.rows[0]!.id)).toBeGreaterThan(BigInt(last.id));
    // The trip's delete still cascades to its positions through the split table's foreign key.
    await sql`delete from delivery_trip where shipment_id = ${shipment}`.execute(db);
    expect((await sql`select from delivery_position`.execute(db)).rows).toHaveLength(0);
  });
});
