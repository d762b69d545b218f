import Type, { type Static } from 'typebox';
import { Bytes, IdParams, List, operation, Uuid } from './common.ts';

/**
 * Excel import (docs/import.md), the same two calls for every entity that may be edited:
 * `GET {entity}/import/template` and `POST {entity}/import` (multipart, field `file`).
 */

export const importStatuses = ['created', 'updated', 'unchanged', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importModes = ['upsert', 'insert'] as const;
export type ImportMode = (typeof importModes)[number];

const Flag = Type.Enum(['true', 'false']);

export const ImportQuery = Type.Object(
  {
    branchId: Type.Optional(Uuid),
    /** `true` (the default): check every row and answer what would happen; nothing is written. */
    dryRun: Type.Optional(Flag),
    /** `upsert` (the default) updates the record with the row's natural key; `insert` refuses it. */
    mode: Type.Optional(Type.Enum([...importModes])),
    /** `true`: write the valid rows and skip the others; otherwise one bad row writes nothing. */
    validOnly: Type.Optional(Flag),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportRow = Type.Object({
  /** The sheet's row number (the header is row 1), or the record's position for the API. */
  row: Type.Integer(),
  status: Type.Enum([...importStatuses]),
  /** The row's natural key as written (`C0001`), when it has one. */
  key: Type.Optional(Type.String()),
  /** Column (Thai header) → Thai message; `''` for what belongs to no one column. */
  errors: Type.Record(Type.String(), Type.String()),
  /** The failed row's cells as read (header → text), to show the error in place. */
  values: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ImportRow = Static<typeof ImportRow>;

/** Rows a report carries itself (failed first, then in sheet order); a job's others are paged (`rows`). */
export const IMPORT_REPORT_PAGE = 1000;

export const ImportReport = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  /** Whether the rows were written (false on a dry run, and when a failure rolled everything back). */
  applied: Type.Boolean(),
  /**
   * The first rows: failed rows first, then in sheet order, at most `IMPORT_REPORT_PAGE`. Fewer
   * than `total`: the rest of a job's rows are read page by page (`importApi(…).rows`).
   */
  rows: List(ImportRow),
});
export type ImportReport = Static<typeof ImportReport>;

/** Which rows of a report a page shows: one status, or all (failed first). */
export const ImportRowFilter = Type.Enum([...importStatuses, 'all']);
export type ImportRowFilter = Static<typeof ImportRowFilter>;

export const ImportRowsQuery = Type.Object(
  {
    branchId: Type.Optional(Uuid),
    status: Type.Optional(ImportRowFilter),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: IMPORT_REPORT_PAGE })),
  },
  { additionalProperties: false },
);
export type ImportRowsQuery = Static<typeof ImportRowsQuery>;

/** One page of a job's report rows, and how many rows the filter has. */
export const ImportRowsPage = Type.Object({ rows: List(ImportRow), total: Type.Integer() });
export type ImportRowsPage = Static<typeof ImportRowsPage>;

/** Where a running import stands: reading the file, checking rows, writing them. */
export const importPhases = ['reading', 'checking', 'writing'] as const;
export type ImportPhase = (typeof importPhases)[number];

export const ImportProgress = Type.Object({
  phase: Type.Enum([...importPhases]),
  /** Rows checked or written so far (0 while reading). */
  done: Type.Integer(),
  /** Rows to check, or to write. */
  total: Type.Integer(),
});
export type ImportProgress = Static<typeof ImportProgress>;

/** An import run in the background (`POST {entity}/import/jobs`), read back while it runs and after. */
export const ImportJob = Type.Object({
  id: Uuid,
  fileName: Type.String(),
  dryRun: Type.Boolean(),
  /** A running phase, then `done` (the report is there) or `failed` (the messages say why, in Thai). */
  phase: Type.Enum([...importPhases, 'done', 'failed']),
  done: Type.Integer(),
  total: Type.Integer(),
  report: Type.Optional(ImportReport),
  messages: Type.Optional(List(Type.String())),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ImportJob = Static<typeof ImportJob>;

const BranchQuery = Type.Object({ branchId: Type.Optional(Uuid) }, { additionalProperties: false });

/** The import calls of one entity (its path segment), registered by the generic CRUD routes. */
export const importApi = (entity: string) => ({
  template: operation({
    method: 'GET',
    url: `/${entity}/import/template`,
    schema: {
      querystring: BranchQuery,
      response: { 200: Bytes },
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
  }),
  run: operation({
    method: 'POST',
    url: `/${entity}/import`,
    schema: { querystring: ImportQuery, response: { 200: ImportReport } },
  }),
  /** The same import as a job: answers at once (201); the job is read back by its id. */
  start: operation({
    method: 'POST',
    url: `/${entity}/import/jobs`,
    schema: { querystring: ImportQuery, response: { 201: ImportJob } },
  }),
  job: operation({
    method: 'GET',
    url: `/${entity}/import/jobs/:id`,
    schema: { params: IdParams, querystring: BranchQuery, response: { 200: ImportJob } },
  }),
  /** A page of a finished job's report rows (a 100,000-row report is not sent whole). */
  rows: operation({
    method: 'GET',
    url: `/${entity}/import/jobs/:id/rows`,
    schema: { params: IdParams, querystring: ImportRowsQuery, response: { 200: ImportRowsPage } },
  }),
});
