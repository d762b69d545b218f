import { type EntityDef, entityByName, type FieldDef, phrase } from '@lms/domain';
import { sql } from 'kysely';
import { isUuid } from '../auth/access.ts';
import type { Executor } from '../db/database.ts';
import { tableOf } from '../entities/naming.ts';
import { unprocessable } from '../http/errors.ts';
import type { Row } from './repository.ts';

const targetsBranchData = (field: FieldDef) =>
  (field.type === 'ref' || field.type === 'refs') &&
  field.ref !== undefined &&
  entityByName(field.ref).branchOwned;

const idsIn = (value: unknown): string[] => [value].flat().filter(isUuid);

/**
 * A body's references to branch-owned records (a driver's vehicle, a booking's orders) name
 * records of the acting branch only: another branch's id is refused exactly as an id nobody has,
 * so a write can neither link across branches nor tell which ids exist elsewhere. Error keys are
 * the form's (`vehicleId`, `lines[0].deliveryOrderId`).
 */
export async function checkBranchReferences(
  db: Executor,
  entity: EntityDef,
  values: Row,
  branchId: string | undefined,
): Promise<void> {
  const errors: Record<string, string> = {};
  const check = async (field: FieldDef, named: readonly (readonly [key: string, ids: string[]])[]) => {
    const ids = [...new Set(named.flatMap(([, ids]) => ids))];
    if (ids.length === 0) return;
    const { rows } = await sql<{ id: string }>`select id from ${sql.table(tableOf(entityByName(field.ref!)))}
      where id = any(${ids}::uuid[]) and branch_id = ${branchId ?? null}`.execute(db);
    const found = new Set(rows.map((row) => row.id));
    for (const [key, ids] of named)
      if (ids.some((id) => !found.has(id))) errors[key] = phrase('ไม่พบ', field.label, 'ที่เลือก');
  };
  for (const field of entity.fields.filter(targetsBranchData))
    await check(field, [[field.name, idsIn(values[field.name])]]);
  for (const child of entity.children ?? []) {
    const rows = (values[child.name] as Row[] | undefined) ?? [];
    for (const field of child.fields.filter(targetsBranchData))
      await check(
        field,
        rows.map((row, index) => [`${child.name}[${index}].${field.name}`, idsIn(row[field.name])] as const),
      );
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}
