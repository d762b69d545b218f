import { type EntityDef, entities, naturalKeyOf, phrase } from '@lms/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { columnOf, linkTableOf, tableOf } from '../entities/naming.ts';
import { conflict, HttpError, unprocessable } from '../http/errors.ts';

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  detail?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' && error !== null && 'code' in error;

/** Thai title of the entity that owns a table (including its link and child tables). */
function titleOfTable(table: string): string {
  if (table === 'api_key') return 'คีย์ API';
  const owner = entities.find((e) => table === tableOf(e) || table.startsWith(`${tableOf(e)}__`));
  return owner?.title ?? table;
}

/**
 * Turns a database refusal into what the user can act on: a duplicate → 422 on the field,
 * a reference that still points here → 409 naming who refers to it, a bad reference → 422.
 */
export async function translateWriteError(entity: EntityDef, error: unknown): Promise<never> {
  if (!isPgError(error)) throw error;
  if (error.code === '23505') {
    const field =
      entity.fields.find((f) => f.unique && error.detail?.includes(`(${f.name === 'code' ? 'code' : ''}`)) ??
      entity.fields.find((f) => f.unique);
    // No unique field: the natural key's fields are unique together (a price list's type and day).
    const key = field
      ? []
      : naturalKeyOf(entity).flatMap((name) => entity.fields.filter((f) => f.name === name));
    const last = key.at(-1);
    if (last) throw unprocessable({ [last.name]: phrase(key.map((f) => f.label).join(' และ '), 'นี้มีอยู่แล้ว') });
    throw unprocessable({ [field?.name ?? 'code']: phrase(field?.label ?? 'ข้อมูล', 'นี้มีอยู่แล้ว') });
  }
  if (
    error.code === '23503' &&
    error.table &&
    error.table !== tableOf(entity) &&
    !error.table.startsWith(`${tableOf(entity)}__`)
  ) {
    throw conflict(phrase('ลบไม่ได้ เพราะยังมีข้อมูล', titleOfTable(error.table), 'อ้างถึงรายการนี้'));
  }
  if (error.code === '23503') {
    const column = error.detail?.match(/Key \(([^)]+)\)/)?.[1];
    const field = entity.fields.find(
      (f) =>
        column &&
        (f.name.toLowerCase() === column.replace(/_/g, '') || linkTableOf(entity, f) === error.table),
    );
    throw unprocessable({ [field?.name ?? '_form']: phrase('ไม่พบ', field?.label ?? 'ข้อมูลอ้างอิง', 'ที่เลือก') });
  }
  if (error.code === '23514') {
    // Check constraints are named `<table>_<column>_<rule>` (migration 0009).
    const field = entity.fields.find((f) =>
      error.constraint?.startsWith(`${tableOf(entity)}_${columnOf(f)}_`),
    );
    throw unprocessable({ [field?.name ?? '_form']: `${field?.label ?? 'ข้อมูล'} ไม่อยู่ในช่วงที่กำหนด` });
  }
  if (error.code === '22P02' || error.code === '22007' || error.code === '22008' || error.code === '22003') {
    throw new HttpError(422, ['ข้อมูลมีรูปแบบไม่ถูกต้อง']);
  }
  throw error;
}

/** Which tables still refer to a record: for a 409 that names them all, before trying the delete. */
export async function referencesTo(db: Executor, entity: EntityDef, id: string): Promise<string[]> {
  return (await referencesAmong(db, entity, [id])).get(id) ?? [];
}

/**
 * Which of these records are still referred to, and by which tables (their Thai titles): one
 * query per referring column, whatever the number of records (a bulk delete's refusals).
 */
export async function referencesAmong(
  db: Executor,
  entity: EntityDef,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, Set<string>>();
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select cl.relname as table_name, att.attname as column_name
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
     where con.contype = 'f' and con.confrelid = ${tableOf(entity)}::regclass
       and con.confdeltype <> 'c'`.execute(db);
  for (const row of rows) {
    const column = sql.ref(row.column_name);
    const { rows: hits } = await sql<{ id: string }>`select distinct ${column}::text as id
      from ${sql.table(row.table_name)} where ${column} = any(${ids}::uuid[])`.execute(db);
    for (const { id } of hits) {
      const titles = found.get(id) ?? new Set<string>();
      titles.add(titleOfTable(row.table_name));
      found.set(id, titles);
    }
  }
  return new Map([...found].map(([id, titles]) => [id, [...titles]]));
}
