import type { EntityDef, FieldDef, ImportMode, ImportProgress } from '@lms/domain';
import type { Principal } from '../auth/principal.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import type { AuthContext } from '../routes/context.ts';
import type { Parsed } from './cells.ts';

/** What an import takes: its records and how to treat them (importRecords.ts runs it). */

/** One record to import: field name → the value as written (a cell, a JSON value). */
export interface ImportRecord {
  /** Its sheet row (header = 1) or position, as the report names it. */
  readonly row: number;
  readonly values: Readonly<Record<string, unknown>>;
  /** Why the record cannot be read at all (an API record that is not an object), in Thai. */
  readonly refused?: string;
}

/**
 * Records in chunks as they arrive (a sheet read as a stream), and how much of the input is read
 * (0–1) to estimate the total while streaming; or all the records at once (an API call).
 */
export type ImportSource =
  | readonly ImportRecord[]
  | { readonly chunks: AsyncIterable<readonly ImportRecord[]>; readonly read: () => number };

export interface ImportOptions {
  readonly mode: ImportMode;
  /** Check and report only; nothing is written. */
  readonly dryRun: boolean;
  /** Keep the valid rows when some fail (otherwise one failure keeps nothing). */
  readonly validOnly: boolean;
  /** The acting branch: branch-owned records are matched and created in it, never another. */
  readonly branchId?: string;
  readonly principal: Principal;
  /** Written into each history entry (`import: ลูกค้า.xlsx`); none for the API. */
  readonly source?: string;
  /** How the records' values are written: a sheet's cells (the default) or the API's JSON. */
  readonly input?: InputKind;
  /** False when the caller may only update: a record that would be created fails. */
  readonly mayCreate?: boolean;
  /** Set `lastSyncAt` on every record matched or written (the ERP's sync). */
  readonly sync?: boolean;
  readonly extension?: EntityExtension;
  readonly ctx?: AuthContext;
  /** Told after every chunk (the import job's progress). */
  readonly onProgress?: (progress: ImportProgress) => void | Promise<void>;
}

/**
 * How records reach the import core: the two front ends differ only in this data. A sheet's cells
 * are parsed as people write them and its errors are keyed by the Thai header; the API's JSON
 * values go to the schema as sent, may carry child rows and attachments, and its errors are keyed
 * by field name.
 */
export interface InputKind {
  /** The fields a record may carry. */
  readonly fields: (entity: EntityDef) => FieldDef[];
  /** Child lists (a branch's vehicle type settings) a record may carry whole. */
  readonly children: boolean;
  readonly parse: (field: FieldDef, value: unknown) => Parsed;
  /** The key of an error in the report: '' (no one column) or a field name → as the caller reads it. */
  readonly errorKey: (entity: EntityDef, name: string) => string;
  /** A natural key already seen in an earlier row of the same input. */
  readonly duplicate: (field: FieldDef, firstRow: number) => string;
  /** Whether a failed row's values are shown back as text (the sheet's cells, to point at). */
  readonly echoValues: boolean;
}
