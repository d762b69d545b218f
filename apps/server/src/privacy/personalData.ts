import {
  can,
  type EntityDef,
  type FieldDef,
  type HistoryEntry,
  maskContact,
  type PersonalDataAction,
} from '@lms/domain';
import { type Expression, sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Row } from '../crud/repository.ts';
import type { Executor } from '../db/database.ts';

/**
 * Personal data in the generic CRUD (PDPA, docs/privacy.md): the fields a declaration marks
 * `personal` (the phones of ship-tos, customers, contractors and drivers; a ship-to's LINE id). Lists always show them masked; one record's page
 * shows them whole to those who may edit the record (they need them to correct or to call), and
 * that read is logged; an export is logged, and masked for those who may not edit.
 */
export const personalFields = (entity: EntityDef): FieldDef[] => entity.fields.filter((f) => f.personal);

/** May this user see the entity's personal values whole? Those who may edit its records. */
export const readsPersonalData = (principal: Principal, entity: EntityDef) =>
  can(principal.roles, entity, 'update').can;

const maskValue = (value: unknown) =>
  typeof value === 'string' && value !== '' ? maskContact(value) : value;

/** Masks the personal values of the rows in place (`maskContact`: the last three characters). */
export function maskPersonal(entity: EntityDef, rows: Row[]): Row[] {
  const fields = personalFields(entity);
  for (const row of rows)
    for (const field of fields) if (field.name in row) row[field.name] = maskValue(row[field.name]);
  return rows;
}

/**
 * The personal values of history entries masked in place: past phones are personal data too. A
 * create or delete lists the value, an update has `{ from, to }`.
 */
export function maskPersonalHistory(entity: EntityDef, entries: readonly HistoryEntry[]): HistoryEntry[] {
  const fields = personalFields(entity);
  return entries.map((entry) => {
    const changes: Row = { ...entry.changes };
    for (const field of fields) {
      const value = changes[field.name];
      if (value !== null && typeof value === 'object' && 'to' in value) {
        const { from, to } = value as { from?: unknown; to?: unknown };
        changes[field.name] = { from: maskValue(from), to: maskValue(to) };
      } else if (field.name in changes) changes[field.name] = maskValue(value);
    }
    return { ...entry, changes };
  });
}

/** The personal fields some history entry holds (what an unmasked history reveals). */
export const personalInHistory = (entity: EntityDef, entries: readonly HistoryEntry[]) =>
  personalFields(entity)
    .filter((f) => entries.some((e) => f.name in e.changes))
    .map((f) => f.name);

/** The personal fields of a row that hold a value (what an unmasked read reveals). */
export const filledPersonal = (entity: EntityDef, row: Row) =>
  personalFields(entity)
    .filter((f) => row[f.name] !== null && row[f.name] !== undefined && row[f.name] !== '')
    .map((f) => f.name);

/** One line of the access log: who, when (the row's time), what. Kept like history: never edited. */
export async function logPersonalData(
  db: Executor,
  entry: {
    userId: string;
    action: PersonalDataAction;
    entity: EntityDef;
    recordId?: string;
    fields: readonly string[];
    detail?: Row;
  },
): Promise<void> {
  await db
    .insertInto('personal_data_access')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity.name,
      record_id: entry.recordId ?? null,
      fields: [...entry.fields],
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}

/** A jsonb value (a history entry's changes) that has any of these keys: `?|`, which the builder does not type. */
export const hasAnyKey = (json: Expression<unknown>, keys: readonly string[]) =>
  sql<boolean>`${json} ?| ${keys}::text[]`;
