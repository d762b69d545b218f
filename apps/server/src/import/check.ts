import {
  type EntityDef,
  type EntityName,
  type FieldDef,
  type ImportStatus,
  naturalKeyOf,
  validateRecord,
} from '@lms/domain';
import { reaches } from '../auth/reach.ts';
import type { Row } from '../crud/repository.ts';
import type { Executor } from '../db/database.ts';
import { bookedOrderConflicts } from './bookedOrders.ts';
import { AMBIGUOUS, findByKeys, keyText } from './existing.ts';
import { keyLabel } from './input.ts';
import type { ImportOptions, ImportRecord, InputKind } from './options.ts';
import { type Resolved, resolveReferences } from './references.ts';

const ALREADY_EXISTS = 'มีข้อมูลนี้อยู่แล้ว (นำเข้าแบบเพิ่มใหม่เท่านั้น)';
const AMBIGUOUS_KEY = 'พบข้อมูลที่มีค่านี้มากกว่าหนึ่งรายการ จึงไม่รู้ว่าจะแก้ไขรายการใด';
const NO_CREATE = 'คุณไม่มีสิทธิ์เพิ่มข้อมูลนี้';

/** One record on its way through the core. */
export interface Pending {
  readonly row: number;
  status: ImportStatus;
  key?: string;
  /** Field name (or '' for the record as a whole) → Thai message. */
  errors: Record<string, string>;
  readonly raw: Readonly<Record<string, unknown>>;
  /** The fields, and child lists, the record carries. */
  readonly present: readonly FieldDef[];
  readonly children: readonly string[];
  values: Row;
  existing?: Row;
  /** Failed on the data rather than the input (a booked order): the API answers 409. */
  conflict?: boolean;
}

const failed = (entry: Pending) => Object.keys(entry.errors).length > 0;
const isRef = (field: FieldDef) => (field.type === 'ref' || field.type === 'refs') && field.ref !== undefined;
const NONE: readonly string[] = [];
/** The references a value names, as written (a ref's text, a refs list's items); hot: no closures. */
function tokensOf(value: unknown): readonly string[] {
  if (typeof value === 'string') return value === '' ? NONE : [value];
  if (!Array.isArray(value)) return NONE;
  const tokens: string[] = [];
  for (const token of value) if (typeof token === 'string' && token !== '') tokens.push(token);
  return tokens;
}

/** Whether a value read back equals the one imported (numbers as numbers, lists as sets). */
function same(field: FieldDef | undefined, stored: unknown, imported: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v === undefined || v === null || v === '') return null;
    if (Array.isArray(v))
      return JSON.stringify(
        field ? v.map(String).sort() : v.map((r) => ({ ...(r as Row), id: undefined })), // child rows: ids renew
      );
    if (field?.type === 'integer' || field?.type === 'decimal') return Number(v);
    return v;
  };
  return norm(stored) === norm(imported);
}

/**
 * The checking half of the import core, one chunk at a time: values parsed for their fields,
 * references resolved in bulk (each written reference once per import), natural keys matched
 * (repeats within the input, then the stored records, in one query per chunk), and the whole
 * record validated with the form's domain schema over the stored one. Holds only what spans
 * chunks: the keys seen and the references resolved.
 */
export class Checker {
  private readonly keyNames: readonly string[];
  private readonly keyFields: readonly FieldDef[];
  private readonly fields: readonly FieldDef[];
  private readonly byName: ReadonlyMap<string, FieldDef>;
  private readonly refFields: readonly FieldDef[];
  private readonly references = new Map<string, Map<string, Resolved>>();
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly db: Executor,
    private readonly entity: EntityDef,
    private readonly options: ImportOptions,
    private readonly input: InputKind,
  ) {
    this.keyNames = naturalKeyOf(entity);
    this.keyFields = this.keyNames.map((name) => entity.fields.find((f) => f.name === name)!);
    this.fields = input.fields(entity);
    this.byName = new Map(this.fields.map((f) => [f.name, f]));
    this.refFields = this.fields.filter(isRef);
  }

  async check(records: readonly ImportRecord[]): Promise<Pending[]> {
    const pending = records.map((record) => this.parse(record));
    await this.resolve(pending);
    const keyed = this.matchKeys(pending);
    const existing = await findByKeys(
      this.db,
      this.entity,
      keyed.filter((e) => !failed(e)).map((e) => this.keyOf(e)),
      this.options.branchId,
    );
    const { extension, ctx } = this.options;
    for (const entry of pending) {
      const checked = this.validate(entry, existing);
      if (!checked) continue;
      // An extension's own rules (users), after the schema's; most entities have none (no await per row).
      const extra = extension?.validate ? await extension.validate(checked.value, ctx!) : undefined;
      if (extra && Object.keys(extra).length) Object.assign(entry.errors, extra);
      else {
        this.accept(entry, checked.before, checked.value);
        await this.refuseWrite(entry);
      }
    }
    await this.refuseBookedChanges(pending);
    return pending;
  }

  /** 1. Values parsed for their fields; the references each names, collected. */
  private parse({ row, values: raw, refused }: ImportRecord): Pending {
    const present = this.fields.filter((f) => f.name in raw);
    const children = this.input.children
      ? (this.entity.children ?? []).map((c) => c.name).filter((name) => name in raw)
      : [];
    const entry: Pending = { row, status: 'failed', errors: {}, raw, present, children, values: {} };
    if (refused) entry.errors[''] = refused;
    for (const field of present) {
      const parsed = this.input.parse(field, raw[field.name]);
      if (parsed.ok) entry.values[field.name] = parsed.value;
      else entry.errors[field.name] = parsed.error;
    }
    for (const name of children) entry.values[name] = raw[name];
    return entry;
  }

  /** 2. Every reference not yet known, in one query per referenced entity; then ids in place. */
  private async resolve(pending: Pending[]): Promise<void> {
    const unknown = new Map<EntityName, Set<string>>();
    for (const entry of pending)
      for (const field of this.refFields) {
        const known = this.references.get(field.ref!);
        for (const token of tokensOf(entry.values[field.name]))
          if (!known?.has(token)) unknown.set(field.ref!, (unknown.get(field.ref!) ?? new Set()).add(token));
      }
    for (const [target, found] of await resolveReferences(this.db, unknown, this.options.branchId)) {
      const known = this.references.get(target) ?? new Map<string, Resolved>();
      for (const [token, resolved] of found) known.set(token, resolved);
      this.references.set(target, known);
    }
    for (const entry of pending)
      for (const field of this.refFields) {
        const value = entry.values[field.name];
        if (tokensOf(value).length === 0) continue;
        const known = this.references.get(field.ref!);
        const ids: unknown[] = [];
        for (const token of Array.isArray(value) ? value : [value]) {
          const found = typeof token === 'string' ? known?.get(token) : undefined;
          if (found && 'id' in found) ids.push(found.id);
          else if (found) entry.errors[field.name] = found.error;
          else ids.push(token); // not text: the schema says what is wrong with it
        }
        entry.values[field.name] = Array.isArray(value) ? ids : ids[0];
      }
  }

  private keyOf(entry: Pending): unknown[] {
    return this.keyNames.map((name) => entry.values[name]);
  }

  /** 3. Rows with a whole natural key; a key already seen earlier in the input fails the later row. */
  private matchKeys(pending: Pending[]): Pending[] {
    if (this.keyNames.length === 0) return [];
    const keyed = pending.filter((e) =>
      this.keyOf(e).every((v) => v !== null && v !== undefined && v !== ''),
    );
    for (const entry of keyed) {
      entry.key = keyLabel(this.keyFields, entry.raw);
      const text = keyText(this.keyOf(entry));
      const first = this.seen.get(text);
      if (first !== undefined)
        entry.errors[this.keyFields[0]!.name] = this.input.duplicate(this.keyFields[0]!, first);
      else this.seen.set(text, entry.row);
    }
    return keyed;
  }

  /** 4. The form's schema on the whole record (the stored one with the row's values over it). */
  private validate(
    entry: Pending,
    existing: Map<string, Row | typeof AMBIGUOUS>,
  ): { before: Row | undefined; value: Row } | undefined {
    if (failed(entry)) return;
    const { entity, options } = this;
    const keyName = this.keyFields[0]?.name ?? '';
    const stored = this.keyNames.length ? existing.get(keyText(this.keyOf(entry))) : undefined;
    // A record the caller does not reach (a key, another branch's record) is as missing as an unknown key.
    const before =
      stored && stored !== AMBIGUOUS && !reaches(entity, options.principal, stored.id as string)
        ? undefined
        : stored;
    if (before === AMBIGUOUS) {
      entry.errors[keyName] = AMBIGUOUS_KEY;
      return;
    }
    if (before && options.mode === 'insert') {
      entry.errors[keyName] = ALREADY_EXISTS;
      return;
    }
    if (!before && options.mayCreate === false) {
      entry.errors[''] = NO_CREATE;
      return;
    }
    const result = validateRecord(
      entity,
      before ? 'update' : 'create',
      before ? { ...before, ...entry.values } : entry.values,
    );
    if (result.ok) return { before, value: result.value };
    const { _form, ...errors } = result.errors;
    entry.errors = { ...entry.errors, ...(_form ? { '': _form } : {}), ...errors };
  }

  /** 5. A valid record: the values it writes, and whether it is new, changed or the same. */
  private accept(entry: Pending, before: Row | undefined, value: Row): void {
    // The fields the row writes: on an update only those it carries; loops, not closures (hot).
    const values: Row = {};
    let changed = !before;
    for (const field of before ? entry.present : this.fields) {
      if (!(field.name in value)) continue;
      values[field.name] = value[field.name];
      if (before && !changed) changed = !same(field, before[field.name], values[field.name]);
    }
    for (const name of entry.children) {
      values[name] = value[name];
      if (before && !changed) changed = !same(undefined, before[name], values[name]);
    }
    entry.values = values;
    entry.existing = before;
    entry.status = !before ? 'created' : changed ? 'updated' : 'unchanged';
  }

  /**
   * 5b. A row to write that the extension refuses to this user (users: groups or branches they do
   * not hold), with the words the write would refuse it with: a dry run reports what the import does.
   */
  private async refuseWrite(entry: Pending): Promise<void> {
    const refusal = this.options.extension?.refusal;
    if (!refusal || (entry.status !== 'created' && entry.status !== 'updated')) return;
    const before = entry.existing;
    const message = await refusal(this.db, {
      action: before ? 'update' : 'create',
      before,
      after: { ...before, ...entry.values },
      principal: this.options.principal,
    });
    if (!message) return;
    entry.status = 'failed';
    entry.errors = { '': message };
  }

  private field(name: string): FieldDef | undefined {
    return this.byName.get(name);
  }

  /** 6. Booked orders whose booking depends on a changed field fail, naming the booking. */
  private async refuseBookedChanges(pending: Pending[]): Promise<void> {
    const updates = pending.filter((e) => e.status === 'updated' && e.existing?.isBooking === true);
    if (updates.length === 0) return;
    const conflicts = await bookedOrderConflicts(
      this.db,
      this.entity,
      updates.map((e) => ({
        id: e.existing!.id as string,
        before: e.existing!,
        changed: Object.keys(e.values).filter(
          (name) => !same(this.field(name), e.existing![name], e.values[name]),
        ),
      })),
    );
    for (const entry of updates) {
      const errors = conflicts.get(entry.existing!.id as string);
      if (!errors) continue;
      entry.status = 'failed';
      entry.errors = errors;
      entry.conflict = true;
    }
  }
}
