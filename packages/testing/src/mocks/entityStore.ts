import {
  type EntityDef,
  entityByName,
  type FilterDef,
  filtersFor,
  hasEntity,
  recordLabel,
  refLabelName,
} from '@lms/domain';
import type { HistoryEntry } from '@lms/entity-pages';
import { type FixtureRecord, fixtureId, fixtureRecord } from './fixtures.ts';

/** An in-memory table of one entity for the MSW handlers: the server's list semantics, in small. */
export interface EntityStore {
  readonly entity: EntityDef;
  records: FixtureRecord[];
  readonly history: Map<string, HistoryEntry[]>;
}

/** The stores of the handlers mounted last, so that references find their target's labels. */
const registry = new Map<string, EntityStore>();

export const MOCK_USER = { id: fixtureId('appUser', 1), label: 'user01: สมชาย ใจดี' };

export function createEntityStore(entity: EntityDef, records: readonly FixtureRecord[]): EntityStore {
  const history = new Map<string, HistoryEntry[]>();
  records.forEach((record, i) => {
    const entries: HistoryEntry[] = [
      entry('create', { ...labelsOnly(record) }, `2026-11-0${(i % 5) + 1}T02:00:00.000Z`, `${record.id}-1`),
    ];
    history.set(record.id, entries);
  });
  const store: EntityStore = { entity, records: records.map((record) => ({ ...record })), history };
  registry.set(entity.name, store);
  return store;
}

function labelsOnly(record: FixtureRecord): Record<string, unknown> {
  const { id: _id, version: _version, ...rest } = record;
  return Object.fromEntries(
    Object.entries(rest).filter(([key]) => !key.endsWith('Label') && !key.endsWith('Labels')),
  );
}

export function entry(
  action: HistoryEntry['action'],
  changes: Record<string, unknown>,
  at = new Date().toISOString(),
  id = `${Date.now()}-${Math.random().toString(16).slice(2, 8)}`,
): HistoryEntry {
  return { id, action, changes, at, userId: MOCK_USER.id, userLabel: MOCK_USER.label };
}

/** The label of a referenced record: from its mounted store, else from its fixture. */
export function referenceLabel(entityName: string, id: string): string {
  if (!hasEntity(entityName)) return id;
  const target = entityByName(entityName);
  const stored = registry.get(entityName)?.records.find((record) => record.id === id);
  if (stored) return recordLabel(target, stored);
  for (let index = 1; index <= 200; index += 1) {
    if (fixtureId(entityName, index) === id) return recordLabel(target, fixtureRecord(target, index, 1));
  }
  return id;
}

/** Adds `<base>Label` / `<base>Labels` to a record, as the server answers it. */
export function withLabels(entity: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const result = { ...record };
  for (const field of entity.fields) {
    const value = record[field.name];
    if (field.type === 'ref' && field.ref)
      result[refLabelName(field.name)] = typeof value === 'string' ? referenceLabel(field.ref, value) : null;
    if (field.type === 'refs' && field.ref && Array.isArray(value))
      result[refLabelName(field.name).replace(/Label$/, 'Labels')] = value.map((id) =>
        referenceLabel(field.ref as string, String(id)),
      );
  }
  for (const child of entity.children ?? []) {
    const rows = record[child.name];
    if (Array.isArray(rows))
      result[child.name] = rows.map((row: Record<string, unknown>) =>
        withLabels({ ...entity, fields: child.fields, children: undefined }, row),
      );
  }
  return result;
}

/** An entry with `labels` for the reference ids in its changes, as the server answers history. */
export function withHistoryLabels(entity: EntityDef, history: HistoryEntry): HistoryEntry {
  const labels: Record<string, string> = {};
  /** An update's `{ from, to }`, else the value itself. */
  const sides = (change: unknown): unknown[] =>
    change !== null && typeof change === 'object' && 'to' in change
      ? [(change as { from?: unknown }).from, (change as { to?: unknown }).to]
      : [change];
  const add = (fields: EntityDef['fields'], values: Record<string, unknown>) => {
    for (const field of fields) {
      if ((field.type !== 'ref' && field.type !== 'refs') || !field.ref || !(field.name in values)) continue;
      for (const id of sides(values[field.name]).flat())
        if (typeof id === 'string') labels[id] = referenceLabel(field.ref, id);
    }
  };
  add(entity.fields, history.changes);
  for (const child of entity.children ?? []) {
    for (const rows of sides(history.changes[child.name]))
      for (const row of Array.isArray(rows) ? rows : []) add(child.fields, row as Record<string, unknown>);
  }
  return { ...history, labels };
}

/**
 * The stories' stand-in for the server's named filters (apps/server/src/crud/namedFilters.ts):
 * "ต้องโทร" without the clock and the branch cut-off, which fixtures do not have.
 */
const namedFilterMocks: Readonly<
  Record<string, Readonly<Record<string, (record: FixtureRecord) => boolean>>>
> = {
  bookingReport: {
    toCall: (record) =>
      record.status === 'CONFIRMED' &&
      ['NOT_CALLED', 'UNREACHABLE'].includes(String(record.callStatus)) &&
      !['CONFIRMED', 'MOVED'].includes(String(record.messageState)),
  },
};

function compare(a: unknown, b: unknown): number {
  if (a == null && b == null) return 0;
  if (a == null) return -1;
  if (b == null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'th');
}

function matches(
  entity: EntityDef,
  filter: FilterDef,
  record: FixtureRecord,
  values: readonly string[],
): boolean {
  const value = record[filter.field];
  const text = value == null ? '' : String(value);
  switch (filter.kind) {
    case 'ids':
      return values.includes(record.id);
    case 'excludeIds':
      return !values.includes(record.id);
    case 'eq':
      return text === values[0];
    case 'in':
      return values.includes(text);
    case 'from':
      return value != null && compare(typeof value === 'number' ? Number(values[0]) : values[0], value) <= 0;
    case 'to':
      return value != null && compare(value, typeof value === 'number' ? Number(values[0]) : values[0]) <= 0;
    case 'refIn':
      return Array.isArray(value) ? value.some((id) => values.includes(String(id))) : values.includes(text);
    case 'refNotIn':
      return Array.isArray(value) ? !value.some((id) => values.includes(String(id))) : !values.includes(text);
    case 'named': {
      const keep = namedFilterMocks[entity.name]?.[filter.param]?.(record) ?? true;
      return values[0] === 'false' ? !keep : keep;
    }
    case 'empty':
      return (value == null) === (values[0] === 'true');
    case 'search': {
      const term = (values[0] ?? '').toLowerCase();
      return entity.fields.some(
        (field) =>
          field.searchable &&
          String(record[field.name] ?? '')
            .toLowerCase()
            .includes(term),
      );
    }
    default:
      return true;
  }
}

/** Applies the list parameters (filters, searchTerm, sort) the way the server does. */
export function queryRecords(store: EntityStore, params: URLSearchParams): FixtureRecord[] {
  let rows = store.records;
  if (store.entity.branchOwned) rows = rows.filter((record) => record.branchId === params.get('branchId'));
  for (const filter of filtersFor(store.entity)) {
    const values = params.getAll(filter.param).filter((value) => value !== '');
    if (values.length > 0) rows = rows.filter((record) => matches(store.entity, filter, record, values));
  }
  const sort = params.getAll('sort').map((item) => item.split(','));
  const order = sort.length > 0 ? sort : store.entity.defaultSort.map((item) => [item.field, item.direction]);
  return [...rows].sort((a, b) => {
    for (const [field = 'id', direction] of order) {
      const result = compare(a[field], b[field]);
      if (result !== 0) return direction === 'desc' ? -result : result;
    }
    return 0;
  });
}
