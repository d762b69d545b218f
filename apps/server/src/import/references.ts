import { type EntityDef, type EntityName, entityByName, naturalKeyOf, phrase } from '@lms/domain';
import { sql } from 'kysely';
import { isUuid } from '../auth/access.ts';
import { labelSql } from '../crud/labels.ts';
import type { Executor } from '../db/database.ts';
import { columnOf, tableOf } from '../entities/naming.ts';
import { shortText } from './bounds.ts';

/** A reference as written resolved to an id, or why not (Thai). */
export type Resolved = { id: string } | { error: string };

/** `target entity → written text → resolution`. */
export type ReferenceIndex = ReadonlyMap<string, ReadonlyMap<string, Resolved>>;

interface Candidate {
  id: string;
  label: string;
  key: string | null;
}

/** The single text field that names a record of the target and starts its label (`code`), if any. */
function keyColumn(target: EntityDef): string | undefined {
  const key = naturalKeyOf(target);
  const field = target.fields.find((f) => f.name === key[0]);
  if (key.length !== 1 || !field || field.type !== 'string' || target.labelFields[0] !== field.name) return;
  return field.name;
}

/**
 * Resolves every written reference of one import: one query per referenced entity, never one per
 * row. A reference is written as the record's code (`C0001`), its label as the export writes it
 * (`C0001: ร้านหนึ่ง`) or its id. Branch-owned targets are looked up in the acting branch only.
 */
export async function resolveReferences(
  db: Executor,
  tokens: ReadonlyMap<EntityName, ReadonlySet<string>>,
  branchId: string | undefined,
): Promise<ReferenceIndex> {
  const index = new Map<string, Map<string, Resolved>>();
  for (const [targetName, written] of tokens) {
    if (written.size === 0) continue;
    const target = entityByName(targetName);
    const key = keyColumn(target);
    const all = [...written];
    const ids = all.filter(isUuid);
    const branch = target.branchOwned ? sql`and r.branch_id = ${branchId ?? null}` : sql``;
    // With a code column the codes (the label's first part) use its index; otherwise the label is compared.
    const byKey = key
      ? sql`r.${sql.ref(columnOf({ name: key }))} = any(${[...new Set(all.map((t) => t.split(': ')[0]!))]}::text[])`
      : sql`${labelSql(target, 'r')} = any(${all}::text[])`;
    const { rows } = await sql<Candidate>`
      select r.id::text as id, ${labelSql(target, 'r')} as label,
             ${key ? sql`r.${sql.ref(columnOf({ name: key }))}::text` : sql`null::text`} as key
        from ${sql.table(tableOf(target))} r
       where (${byKey} or r.id = any(${ids}::uuid[])) ${branch}`.execute(db);
    const found = new Map<string, Set<Candidate>>();
    const note = (text: string | null, row: Candidate) => {
      if (text !== null) found.set(text, (found.get(text) ?? new Set()).add(row));
    };
    for (const row of rows) {
      note(row.id, row);
      note(row.label, row);
      note(row.key, row);
    }
    const resolved = new Map<string, Resolved>();
    for (const token of all) {
      const named = `"${shortText(token)}"`;
      // `C0001: a name that has changed since` still names C0001.
      const matches = [...(found.get(token) ?? (key ? found.get(token.split(': ')[0]!) : undefined) ?? [])];
      resolved.set(
        token,
        matches.length === 1
          ? { id: matches[0]!.id }
          : matches.length === 0
            ? { error: phrase('ไม่พบ', target.title, named) }
            : { error: phrase('พบ', target.title, named, 'มากกว่าหนึ่งรายการ กรุณาระบุให้ชัดเจน') },
      );
    }
    index.set(targetName, resolved);
  }
  return index;
}
