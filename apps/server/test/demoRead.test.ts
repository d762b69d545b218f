import { entities, entityByName, LIMITS } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateWriteError } from '../src/crud/pgErrors.ts';
import type { AnyDatabase } from '../src/db/database.ts';
import { down, up } from '../src/db/migrations/0009_coordinates.ts';
import { hasGenericRoutes, tableOf } from '../src/entities/naming.ts';
import { parseCsv } from '../src/seed/csv.ts';
import { coordinate } from '../src/seed/geography.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

// The demo company as of 2026-11-23, copied from its template (harness.ts `createDemoDatabase`).
const server = setupTestServer({ demoCompany: '2026-11-23' });
const size = LIMITS.listPageSizeMax;

describe('every seeded row reads through the API', () => {
  let token: string;
  let branchIds: string[];
  beforeAll(async () => {
    token = await signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
    const { rows } = await sql<{ id: string }>`select id from branch`.execute(server.db);
    branchIds = rows.map((r) => r.id);
  });

  it.each(entities.filter(hasGenericRoutes).map((e) => [e.name, e] as const))(
    'lists every %s row, page by page',
    async (_, entity) => {
      const scopes = entity.branchOwned ? branchIds.map((id) => `&branchId=${id}`) : [''];
      let read = 0;
      for (const scope of scopes) {
        for (let page = 0; ; page++) {
          const list = await call(server.api, 'GET', `/${entity.name}?size=${size}&page=${page}${scope}`, {
            token,
          });
          expect(list.status, `page ${page}: ${JSON.stringify(list.body)}`).toBe(200);
          read += list.body.items.length;
          if (list.body.items.length < size) break;
        }
      }
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(tableOf(entity))}`.execute(server.db);
      expect(read).toBe(rows[0]!.n);
    },
  );

  it('serves the sub-districts the geodata gives no coordinates, alone and in a search', async () => {
    // Dao Khanong: `None` in the geodata, seeded as NaN before.
    const { rows } = await sql<{ id: string }>`select id from sub_district where code = '101506'`.execute(
      server.db,
    );
    const record = await call(server.api, 'GET', `/subDistrict/${rows[0]!.id}`, { token });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ lat: null, lon: null });
    const search = await call(
      server.api,
      'GET',
      `/subDistrict?searchTerm=${encodeURIComponent('นา')}&size=${size}`,
      {
        token,
      },
    );
    expect(search.status).toBe(200);
    expect(search.body.total).toBeGreaterThan(size);
  });

  it('reads a coordinate of the geodata only when it is a number in range', () => {
    expect(coordinate('13.751', 90)).toBe(13.751);
    expect(coordinate('None', 90)).toBeNull();
    expect(coordinate('', 180)).toBeNull();
    expect(coordinate('100.5', 90)).toBeNull();
  });

  it('reads the geodata CSV with the import’s parser: a quoted field may hold a comma, "" and a line break', () => {
    const text = '\uFEFFCODE,NAME_THAI,NOTE\r\n10,"ถนน ""ใหม่""\r\nซอย 2",a,b\n\n11,"ท่า, ทราย"\n12\n';
    expect(parseCsv(text)).toEqual([
      { CODE: '10', NAME_THAI: 'ถนน "ใหม่"\r\nซอย 2', NOTE: 'a' },
      { CODE: '11', NAME_THAI: 'ท่า, ทราย', NOTE: '' },
      { CODE: '12', NAME_THAI: '', NOTE: '' },
    ]);
  });
});

describe('the demo company’s places', () => {
  it('puts no customer at a branch’s own place (a trip of 0 km on the planning board)', async () => {
    const { rows } = await sql<{ code: string; branch: string }>`
      select s.code, b.code as branch from ship_to s join branch b on b.lat = s.lat and b.lon = s.lon
      order by s.code`.execute(server.db);
    expect(rows).toEqual([]);
    const { rows: placed } = await sql<{ n: number }>`
      select count(*)::int as n from ship_to where lat is not null`.execute(server.db);
    expect(placed[0]!.n).toBeGreaterThan(10);
  });
});

describe('migration 0009: coordinates', () => {
  it('clears NaN and out-of-range coordinates of an existing database, then refuses them', async () => {
    // A migration runs on the schema of its day, typed `AnyDatabase`, not today's `DB`.
    const db: AnyDatabase = server.db;
    await down(db);
    const { rows } = await sql<{ id: string }>`
      update sub_district set lat = 'NaN', lon = 'NaN' where code = '100101' returning id`.execute(server.db);
    await sql`update branch set lat = 95 where code = 'BKK'`.execute(server.db);
    await up(db);
    const { rows: after } = await sql<{ lat: string | null; lon: string | null }>`
      select lat, lon from sub_district where id = ${rows[0]!.id}`.execute(server.db);
    expect(after[0]).toEqual({ lat: null, lon: null });
    const { rows: branch } = await sql<{
      lat: string | null;
    }>`select lat from branch where code = 'BKK'`.execute(server.db);
    expect(branch[0]!.lat).toBeNull();
    for (const value of ['NaN', '91', '-90.5']) {
      const refused = await sql`update ship_to set lat = ${value}::numeric where code = 'ST-R01'`
        .execute(server.db)
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: '23514' });
      // Should a write ever get past validation, the refusal is a 422 on the field, not a 500.
      await expect(translateWriteError(entityByName('shipTo'), refused)).rejects.toMatchObject({
        status: 422,
        errors: { lat: 'ละติจูด ไม่อยู่ในช่วงที่กำหนด' },
      });
    }
    await expect(
      sql`update sub_district set lon = 'NaN' where code = '100101'`.execute(server.db),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
