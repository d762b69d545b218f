import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type EntityDef, entities } from '@lms/domain';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, type Database, migrate } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { alterStatements, declaredSchema, readSchema, schemaDrift } from '../src/db/schemaDiff.ts';
import { GENERATED_FILE, schemaTypes } from '../src/db/schemaTypes.ts';

/**
 * The migrated database is what the declarations say (no drift), and the way a declaration
 * changes — its ALTERs printed by `npm run db:diff`, put in a migration — gives a fresh database
 * and an upgraded one the same schema.
 */
const adminUrl = inject('pgAdminUrl');
const opened: { name: string; db: Database }[] = [];

async function database(): Promise<Database> {
  const name = `lms_drift_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const db = connect(databaseUrl(adminUrl, name), 2);
  opened.push({ name, db });
  return db;
}

afterAll(async () => {
  for (const { name, db } of opened) {
    await db.destroy();
    await dropDatabase(adminUrl, name);
  }
});

const provider = { getMigrations: async () => migrations };
const shapeOf = async (db: Database) =>
  JSON.stringify(await readSchema(db), (_k, v) =>
    v instanceof Map
      ? [...v].sort(([a], [b]) => String(a).localeCompare(String(b)))
      : v instanceof Set
        ? [...v].sort()
        : v,
  );

/** A sample change: province gains a note and its English name grows to 200 characters. */
const changed: EntityDef[] = entities.map((entity) =>
  entity.name !== 'province'
    ? entity
    : {
        ...entity,
        fields: [
          ...entity.fields.map((f) => (f.name === 'nameEn' ? { ...f, maxLength: 200 } : f)),
          { name: 'note', label: 'หมายเหตุ', type: 'string', maxLength: 500 } as const,
        ],
      },
);

describe('the entity tables', () => {
  let fresh: Database;
  let upgraded: Database;

  // The two databases are built once (migrating is the slow part), so each test stays short.
  beforeAll(async () => {
    fresh = await database();
    await migrate(fresh);
    upgraded = await database();
    const step = await new Migrator({ db: upgraded, provider }).migrateTo('0002_entities');
    expect(step.error).toBeUndefined();
    await migrate(upgraded);
  });

  it('migrate to exactly what the declarations ask for', async () => {
    expect(await schemaDrift(adminUrl, fresh, entities)).toEqual([]);
  });

  it('are typed by the committed DB type: `npm run db:types` after a new migration', async () => {
    const committed = await readFile(new URL(`../../../${GENERATED_FILE}`, import.meta.url), 'utf8');
    expect(await schemaTypes(fresh)).toBe(committed);
  });

  it('name the ALTERs a declaration change needs, and they give fresh and upgraded databases one schema', async () => {
    const declared = await declaredSchema(adminUrl, changed);
    const alters = alterStatements(declared, await readSchema(fresh), changed);
    expect(alters).toEqual([
      'alter table "province" alter column "name_en" type character varying(200)',
      'alter table "province" add column "note" character varying(500)',
    ]);
    // The change's migration, run on both.
    for (const db of [fresh, upgraded]) for (const statement of alters) await sql.raw(statement).execute(db);
    expect(await schemaDrift(adminUrl, fresh, changed)).toEqual([]);
    expect(await shapeOf(upgraded)).toBe(await shapeOf(fresh));
  });
});
