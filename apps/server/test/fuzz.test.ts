import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../src/db/admin.ts';
import { connect } from '../src/db/database.ts';
import { createBranch, createUser, signIn } from './fixtures.ts';
import { type OpenApiDocument, requestsFor } from './fuzz/requests.ts';
import { setupTestServer } from './harness.ts';

/**
 * Requests generated from the server's own OpenAPI (schema-aware, seeded, a few thousand per run)
 * against the real server, as an administrator who may reach every route. Whatever a client sends:
 * no 5xx, every refusal in the Thai shape, and a refused write leaves the database as it was.
 *
 * Reproduce a failure with the seed it prints: LMS_FUZZ_SEED=… LMS_FUZZ_RUNS=… vitest run fuzz.
 */

const SEED = Number(process.env.LMS_FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.LMS_FUZZ_RUNS ?? 2000);

const server = setupTestServer();

/** Tables a refused request may still write to, by design: the sign-in failure log, the personal-data access log and the throttles' counts. */
const WRITTEN_ON_REFUSAL = new Set(['sign_in_failure', 'personal_data_access', 'rate_limit']);

/** The next transaction id to be given out: a write that commits moves it on. */
async function nextXid(): Promise<bigint> {
  const { rows } = await sql<{
    xid: string;
  }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`.execute(server.db);
  return BigInt(rows[0]!.xid);
}

/**
 * Test-only: every row deleted in this file's database leaves its table's name in `fuzz_deleted`,
 * written by the deleting transaction. A delete leaves no row version of its own behind, and a
 * transaction id alone does not say which database it wrote to (the cluster is shared with the
 * test files running beside this one).
 */
async function recordDeletes(db: typeof server.db): Promise<void> {
  await sql`create table fuzz_deleted (name text not null)`.execute(db);
  await sql`create function fuzz_note_delete() returns trigger language plpgsql as $$
    begin insert into fuzz_deleted values (tg_table_name); return null; end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       and c.relname <> 'fuzz_deleted'`.execute(db);
  for (const { name } of rows)
    await sql`create trigger fuzz_note_delete after delete on ${sql.table(name)}
      for each row execute function fuzz_note_delete()`.execute(db);
}

/**
 * What transactions committed between two `nextXid()`s wrote or deleted in this database, by table,
 * outside the tables a refusal may write to. Cheap when nothing committed (the usual refusal); a
 * scan of every table otherwise.
 */
async function writtenSince(from: bigint, to: bigint): Promise<string[]> {
  if (to <= from) return [];
  const committed = await sql<{ xid: string }>`
    select x::text as xid from generate_series(${from.toString()}::bigint, ${(to - 1n).toString()}::bigint) x
    where pg_xact_status(x::text::xid8) = 'committed'`.execute(server.db);
  if (!committed.rows.length) return [];
  const xids = committed.rows.map((r) => r.xid);
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_deleted' order by 1`.execute(
    server.db,
  );
  const probes = [
    ...tables.rows.map(
      (t) =>
        sql`select ${t.name}::text as name from ${sql.table(t.name)} x where x.xmin::text = any(${xids}) limit 1`,
    ),
    sql`select distinct name || ' (rows deleted)' as name from fuzz_deleted x where x.xmin::text = any(${xids})`,
  ];
  const { rows } = await sql<{ name: string }>`${sql.join(
    probes.map((p) => sql`(${p})`),
    sql` union all `,
  )}`.execute(server.db);
  return rows
    .map((r) => r.name)
    .filter((name) => !WRITTEN_ON_REFUSAL.has(name.replace(' (rows deleted)', '')));
}

const THAI = /[\u0E00-\u0E7F]/;
/** What a leaked exception or an untranslated validator looks like in a message. */
const LEAK = /\n\s+at |Error:|must (have|be|match|NOT)|should |is not a|undefined|SQL|syntax|relation "/;

function refusalProblem(status: number, body: unknown): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'no messages in the body';
  for (const message of messages) {
    if (typeof message !== 'string' || !THAI.test(message))
      return `a message not in Thai: ${JSON.stringify(message)}`;
    if (LEAK.test(message)) return `a message leaks internals: ${JSON.stringify(message)}`;
  }
  return undefined;
}

interface Finding {
  readonly request: string;
  readonly status: number;
  readonly problem: string;
  readonly body: string;
}

describe('fuzzing every route of the OpenAPI', () => {
  let doc: OpenApiDocument;
  const ids: string[] = [];

  beforeAll(async () => {
    doc = await (await fetch(`${server.api}/docs/json`)).json();
    // Real ids make the generated requests reach rows that exist (an update of a real record with a
    // bad body is the refusal most likely to leave a half-written change).
    const branchId = await createBranch(server.db);
    ids.push(branchId);
    const rows = await sql<{ id: string }>`
      select id::text from province union all select id::text from app_role_group
      union all select id::text from branch limit 40`.execute(server.db);
    ids.push(...rows.rows.map((r) => r.id));
    await recordDeletes(server.db);
  });

  it('sees what a committed write changed in this database: a new row, a changed one, a deleted one', async () => {
    const branch = await createBranch(server.db);
    let from = await nextXid();
    await sql`update branch set name = name || '.' where id = ${branch}`.execute(server.db);
    expect(await writtenSince(from, await nextXid())).toContain('branch');
    from = await nextXid();
    await sql`delete from branch where id = ${branch}`.execute(server.db);
    expect(await writtenSince(from, await nextXid())).toContain('branch (rows deleted)');
    // A commit in another database of the cluster (the test files beside this one) is not this one's.
    from = await nextXid();
    const other = connect(databaseUrl(inject('pgAdminUrl'), 'postgres'), 1);
    try {
      await sql`create temp table fuzz_elsewhere (x int)`.execute(other);
    } finally {
      await other.destroy();
    }
    const to = await nextXid();
    expect(to).toBeGreaterThan(from);
    expect(await writtenSince(from, to)).toEqual([]);
  });

  it(`${RUNS} generated requests: no 5xx, Thai refusals, refused writes change nothing (seed ${SEED})`, async () => {
    const requests = fc.sample(requestsFor(doc, ids), { seed: SEED, numRuns: RUNS });
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();

    let token = await freshAdmin();
    for (const [index, request] of requests.entries()) {
      const headers: Record<string, string> = {
        // A different client address each time, so the sign-in throttle judges the fuzz per request.
        'x-forwarded-for': `10.${index % 250}.${(index >> 8) % 250}.7`,
      };
      if (!request.anonymous) headers.authorization = `Bearer ${token}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const write = request.method !== 'GET';
      const before = write ? await nextXid() : 0n;
      let status = 0;
      let body: unknown;
      try {
        const response = await fetch(`${server.api}${request.url}`, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        const text = await response.text();
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
      } catch (error) {
        findings.push({ request: request.label, status: 0, problem: `no answer: ${error}`, body: '' });
        continue;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const problem = refusalProblem(status, body);
      if (problem)
        findings.push({ request: request.label, status, problem, body: JSON.stringify(body).slice(0, 300) });
      if (write && status >= 400) {
        const changed = await writtenSince(before, await nextXid());
        if (changed.length)
          findings.push({
            request: request.label,
            status,
            problem: `refused but wrote to ${changed.join(', ')}`,
            body: '',
          });
      }
      // The fuzz may sign its own administrator out or change its password: carry on as a new one.
      if (status === 401 && !request.anonymous) token = await freshAdmin();
    }
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.info(
      `fuzz seed ${SEED}: ${requests.length} requests; ${summary.join(' ')}; findings ${findings.length}`,
    );
    expect(findings.slice(0, 8)).toEqual([]);
    // Whatever was sent, the server still answers.
    expect((await fetch(`${server.api}/health`)).status).toBe(200);
    // About 20 s on a quiet 2-core machine; the limit leaves room for a loaded one (150 s seen at load 18 for 3,000).
  }, 240_000);
});

async function freshAdmin(): Promise<string> {
  return signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
}
