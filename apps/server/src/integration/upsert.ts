import {
  apiKeyReaches,
  can,
  type EntityDef,
  INTEGRATION_MESSAGES,
  type UpsertReport,
  type UpsertRow,
} from '@lms/domain';
import type { Principal } from '../auth/principal.ts';
import type { Tx } from '../db/database.ts';
import { importInto } from '../import/importRecords.ts';
import { jsonInput } from '../import/input.ts';
import type { ImportResult } from '../import/report.ts';

/**
 * The ERP's front end on the import core (import/importRecords.ts): JSON records, matched on the
 * entity's natural key, checked by the form's domain schema and written in batches with a history
 * entry each, in the caller's transaction. References may be ids or codes, as in a sheet.
 */

export interface UpsertScope {
  /** The acting branch of a branch-owned entity (already checked against the caller's branches). */
  readonly branchId?: string;
  readonly principal: Principal;
  /** Keep the valid records when some fail (otherwise one failure writes nothing). */
  readonly validOnly?: boolean;
}

/** What one call did: the report (every row in the order sent), and whether a failure was a conflict. */
export interface Upserted {
  readonly report: UpsertReport;
  /** A record failed on the data (a booked order), not on what was sent: the call answers 409. */
  readonly conflict: boolean;
}

/** Set by the server on every sync of an entity that declares it (SO, DO, article). */
const SYNC_FIELD = 'lastSyncAt';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every row in the order sent, as the API reports them (errors by field name, `key` null when none). */
function rowsOf(result: ImportResult): UpsertRow[] {
  const rows: UpsertRow[] = [
    ...result.pages.failedRows.map(({ row, key, errors }) => ({
      row,
      key: key ?? null,
      status: 'failed' as const,
      errors,
    })),
    ...result.pages.rest.map(([row, status, key]) => ({ row, key: key ?? null, status, errors: {} })),
  ];
  return rows.sort((a, b) => a.row - b.row);
}

/**
 * Upserts `records` of `entity` in `trx` through the import core: all or nothing unless
 * `validOnly`; SO and DO records matched or written get `lastSyncAt`, unchanged ones too.
 */
export async function upsertRecords(
  trx: Tx,
  entity: EntityDef,
  records: readonly unknown[],
  scope: UpsertScope,
): Promise<Upserted> {
  const result = await importInto(
    trx,
    entity,
    records.map((values, index) =>
      isRecord(values)
        ? { row: index + 1, values }
        : { row: index + 1, values: {}, refused: INTEGRATION_MESSAGES.recordNotObject },
    ),
    {
      mode: 'upsert',
      dryRun: false,
      validOnly: scope.validOnly ?? false,
      branchId: scope.branchId,
      principal: scope.principal,
      input: jsonInput,
      mayCreate:
        can(scope.principal.roles, entity, 'create').can &&
        (!scope.principal.apiKeyId || apiKeyReaches(entity, 'create')),
      sync: entity.fields.some((f) => f.name === SYNC_FIELD),
    },
  );
  const { total, created, updated, unchanged, failed } = result;
  return {
    report: { total, created, updated, unchanged, failed, rows: rowsOf(result) },
    conflict: result.conflict,
  };
}
