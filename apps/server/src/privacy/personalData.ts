import {
  type EntityDef,
  type FieldDef,
  type HistoryEntry,
  maskContact,
  type PersonalDataAction,
  seesPersonalData,
} from '@lms/domain';
import { type Expression, sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Row } from '../crud/repository.ts';
import type { Executor } from '../db/database.ts';

/**
 * Personal data in the generic CRUD (PDPA, docs/privacy.md): the fields a declaration marks
 * `personal` (the phones of ship-tos, customers, contractors and drivers; a ship-to's LINE id; a
 * booking's copy of its ship-to's phone). Lists always show them masked; one record's page shows
 * them whole to those who may edit the record (they need them to correct or to call) — a booking's
 * to those who may change its call status — and that read is logged; an export is logged, and
 * masked for the others.
 */
export const personalFields = (entity: EntityDef): FieldDef[] => entity.fields.filter((f) => f.personal);

/**
 * May this user (or API key) see the entity's personal values whole? The domain's one rule
 * (`seesPersonalData`): those who may edit its records; on a booking, those who may change its call status.
 */
export const readsPersonalData = (principal: Principal, entity: EntityDef) =>
  seesPersonalData(principal.roles, entity);

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

/** One line of the access log: who, when (the row's time), what. */
export interface PersonalDataAccess {
  userId: string;
  action: PersonalDataAction;
  entity: EntityDef;
  recordId?: string;
  fields: readonly string[];
  detail?: Row;
}

/** Lines of the access log, in one statement. Kept like history: never edited. */
export async function logPersonalDataAll(
  db: Executor,
  entries: readonly PersonalDataAccess[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('personal_data_access')
    .values(
      entries.map((entry) => ({
        user_id: entry.userId,
        action: entry.action,
        entity: entry.entity.name,
        record_id: entry.recordId ?? null,
        fields: [...entry.fields],
        detail: entry.detail ? JSON.stringify(entry.detail) : null,
      })),
    )
    .execute();
}

/** One line of the access log. */
export const logPersonalData = (db: Executor, entry: PersonalDataAccess) => logPersonalDataAll(db, [entry]);

/** A jsonb value (a history entry's changes) that has any of these keys: `?|`, which the builder does not type. */
export const hasAnyKey = (json: Expression<unknown>, keys: readonly string[]) =>
  sql<boolean>`${json} ?| ${keys}::text[]`;
