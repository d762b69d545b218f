import type { EntityName } from '../entity/names.ts';
import type { FieldDef, FieldType } from '../entity/types.ts';
import type { Declaration } from './index.ts';

/**
 * A record's type, derived from its entity's declaration: one field, one property, of the type its
 * field type stores. The booking engine's world, the server's typed queries (through the check in
 * apps/server/src/db/declaredTables.ts) and the screens read it instead of declaring their own copy.
 */

/** What a field of a type holds, as the API and the engine see it (dates and times as ISO text). */
export type ValueOfType<T extends FieldType> = T extends 'integer' | 'decimal'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'refs' | 'attachments' | 'roles'
      ? readonly string[]
      : T extends 'weekdays'
        ? readonly number[]
        : string;

/** An enum holds one of its options' values; every other type what `ValueOfType` says. */
export type FieldValue<F extends FieldDef> = F extends { readonly options: readonly { value: infer V }[] }
  ? V
  : ValueOfType<F['type']>;

/**
 * Always set: a flag (never unknown, a missing flag is false) and a required field that people
 * write. A required field the server writes (`readOnly`) may be missing before it does.
 */
export type AlwaysSet<F extends FieldDef> = F extends { readonly type: 'boolean' }
  ? true
  : F extends { readonly required: true }
    ? F extends { readonly readOnly: true }
      ? false
      : true
    : false;

type SetFields<Fs extends FieldDef> = Fs extends FieldDef ? (AlwaysSet<Fs> extends true ? Fs : never) : never;
type UnsetFields<Fs extends FieldDef> = Exclude<Fs, SetFields<Fs>>;

/** The record of fields `Fs`: set fields required, the others optional and nullable. */
export type RecordOfFields<Fs extends FieldDef> = { readonly id: string } & {
  readonly [F in SetFields<Fs> as F['name']]: FieldValue<F>;
} & {
  readonly [F in UnsetFields<Fs> as F['name']]?: FieldValue<F> | null;
};

/** The fields of entity `N`, each with its literal name and type. */
export type FieldsOf<N extends EntityName> = Declaration<N>['fields'][number];

/** A record of entity `N` (`EntityRecord<'vehicleDateSlot'>`). */
export type EntityRecord<N extends EntityName> = RecordOfFields<FieldsOf<N>>;
