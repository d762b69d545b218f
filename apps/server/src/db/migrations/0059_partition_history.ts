import { type Kysely, sql } from 'kysely';
import { monthsOf } from './0058_partition_positions.ts';

/**
 * The change history by month (docs/operations.md "Partitions"): every write of every entity adds
 * a row, so it is the table that grows fastest. Nothing references a history row and the API
 * shows its id only as a label, so the primary key becomes (id, at), the partition key in it; the
 * id keeps its sequence (renamed with the old table, then continued), so ids go on where they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table history rename to history_unpartitioned`.execute(db);
  await sql`alter table history_unpartitioned rename constraint history_pkey to history_unpartitioned_pkey`.execute(
    db,
  );
  await sql`alter sequence history_id_seq rename to history_unpartitioned_id_seq`.execute(db);
  await sql`alter index history_entity_record_id_at_idx rename to history_unpartitioned_entity_record_id_at_idx`.execute(
    db,
  );
  await sql`create table history (
    id bigint generated always as identity,
    entity text not null,
    record_id uuid not null,
    action text not null check (action in ('create', 'update', 'delete')),
    changes jsonb not null,
    user_id uuid,
    at timestamptz not null default now(),
    source text,
    primary key (id, at)
  ) partition by range (at)`.execute(db);
  await sql`create table history_default partition of history default`.execute(db);
  await monthsOf(db, 'history', 'history_unpartitioned');
  await sql`insert into history (id, entity, record_id, action, changes, user_id, at, source) overriding system value
    select id, entity, record_id, action, changes, user_id, at, source from history_unpartitioned`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('history', 'id'),
    coalesce((select max(id) from history_unpartitioned), 0) + 1, false)`.execute(db);
  await sql`drop table history_unpartitioned`.execute(db);
  // A record's history tab, newest first (crud/history.ts).
  await sql`create index on history (entity, record_id, at desc)`.execute(db);
}
