import { type EntityDef, type EntityName, entityByName, type FieldDef, ROLE_ADMIN } from '@lms/domain';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import type { TestServer } from './harness.ts';

let serial = 0;

function clamp(value: number, field: FieldDef): number {
  return Math.min(
    field.max ?? Number.POSITIVE_INFINITY,
    Math.max(field.min ?? Number.NEGATIVE_INFINITY, value),
  );
}

/** A plausible value for a field; pairs like min/max and start/end come out in order. */
export function sampleValue(field: FieldDef, n: number, refIds: Record<string, string>): unknown {
  const lower = field.name.toLowerCase();
  switch (field.type) {
    case 'string': {
      if (field.format === 'email') return `user${n}@example.com`;
      const text = field.unique || field.searchable ? `T${n}-${field.name}` : `ทดสอบ ${n}`;
      return text.slice(0, field.maxLength ?? 255);
    }
    case 'text':
      return `ข้อความทดสอบ ${n}`;
    case 'integer':
    case 'decimal': {
      const base = lower.startsWith('max') ? 80 : lower.startsWith('min') ? 10 : 40;
      const value = clamp(base, field);
      return field.type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean':
      return true;
    case 'date':
      // A day per record, so records that differ only in their references keep distinct labels.
      return `2026-03-${String(1 + (n % 28)).padStart(2, '0')}`;
    case 'time':
      return lower.includes('end') ? '17:00' : '08:00';
    case 'datetime':
      return '2026-03-15T08:30:00.000Z';
    case 'enum':
      return field.options?.[0]?.value ?? null;
    case 'ref':
      return field.ref ? (refIds[field.ref] ?? null) : null;
    case 'refs':
      return field.ref && refIds[field.ref] ? [refIds[field.ref]] : [];
    case 'weekdays':
      return [1, 3];
    case 'roles':
      return ['ROLE_PROVINCE_READ'];
    default:
      return null;
  }
}

export function sampleBody(entity: EntityDef, refIds: Record<string, string>): Record<string, unknown> {
  const n = ++serial;
  const body: Record<string, unknown> = {};
  for (const field of entity.fields) {
    if (field.readOnly || field.type === 'file' || field.type === 'image' || field.type === 'attachments')
      continue;
    body[field.name] = sampleValue(field, n, refIds);
  }
  // Times follow their declaration order (a shift's start before its end, a shipment's stages
  // one after another), so the sample passes rules that order them.
  entity.fields
    .filter((field) => field.type === 'time' && field.name in body)
    .forEach((field, index) => {
      body[field.name] = `${String(8 + Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`;
    });
  for (const child of entity.children ?? []) {
    body[child.name] = [
      Object.fromEntries(
        child.fields.filter((f) => !f.readOnly).map((f) => [f.name, sampleValue(f, n, refIds)]),
      ),
    ];
  }
  return body;
}

/** Targets of an entity's references (children's too), deepest first. */
export function referencedEntities(entity: EntityDef, seen = new Set<string>()): EntityName[] {
  const order: EntityName[] = [];
  const fields = [...entity.fields, ...(entity.children ?? []).flatMap((c) => c.fields)];
  for (const field of fields) {
    if ((field.type !== 'ref' && field.type !== 'refs') || !field.ref || field.readOnly) continue;
    if (field.ref === 'file' || seen.has(field.ref) || field.ref === entity.name) continue;
    seen.add(field.ref);
    order.push(...referencedEntities(entityByName(field.ref), seen), field.ref);
  }
  return order;
}

/**
 * Creates one record of each entity the given one refers to, through the API; answers their ids.
 * `known` (ids by entity name) are reused instead of created: pass one map to several calls to
 * share their references.
 */
export async function createReferences(
  api: string,
  token: string,
  entity: EntityDef,
  branchId: string,
  known: Record<string, string> = {},
): Promise<Record<string, string>> {
  const refIds = Object.assign(known, { branch: branchId });
  for (const name of referencedEntities(entity)) {
    if (refIds[name]) continue;
    const target = entityByName(name);
    const query = target.branchOwned ? `?branchId=${branchId}` : '';
    const created = await call(api, 'POST', `/${name}${query}`, { token, body: sampleBody(target, refIds) });
    if (created.status !== 201)
      throw new Error(`creating ${name}: ${created.status} ${JSON.stringify(created.body)}`);
    refIds[name] = created.body.id;
  }
  return refIds;
}

/**
 * Where a DO list's tests start: an administrator's token, a new branch, and one record of each
 * entity a DO refers to (customer, ship condition, ship-to …) for the rows the test inserts.
 */
export async function deliveryOrderGround(server: Pick<TestServer, 'api' | 'db'>) {
  const token = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  const branchId = await createBranch(server.db);
  const refs = await createReferences(server.api, token, entityByName('deliveryOrder'), branchId);
  return { token, branchId, refs };
}
