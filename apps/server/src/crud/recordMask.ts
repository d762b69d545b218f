import type { EntityDef, FilterValue, HistoryEntry } from '@lms/domain';
import type { Principal } from '../auth/principal.ts';
import type { Executor } from '../db/database.ts';
import type { Row } from './repository.ts';

/**
 * What a feature does to the records the generic routes hand out, before they go (privacy:
 * personal data masked, or shown whole and its reading logged). app.ts wires it; without one,
 * records go out as they are read.
 */
export interface RecordMask {
  /** A list page's rows, masked in place. */
  list(entity: EntityDef, rows: Row[]): void;
  /** One record `principal` reads: masked in place, or its reading logged. */
  read(db: Executor, entity: EntityDef, principal: Principal, row: Row): Promise<void>;
  /** A record's history entries as `principal` may see them. */
  history(
    db: Executor,
    entity: EntityDef,
    principal: Principal,
    recordId: string,
    entries: HistoryEntry[],
  ): Promise<HistoryEntry[]>;
  /** An export's batches as `principal` may take them (`filters`: what the export asked for). */
  export(
    db: Executor,
    entity: EntityDef,
    principal: Principal,
    filters: Readonly<Record<string, FilterValue>>,
    rows: AsyncIterable<Row[]>,
  ): Promise<AsyncIterable<Row[]>>;
}

/** Records as they are read. */
export const noMask: RecordMask = {
  list: () => {},
  read: async () => {},
  history: async (_db, _entity, _principal, _id, entries) => entries,
  export: async (_db, _entity, _principal, _filters, rows) => rows,
};
