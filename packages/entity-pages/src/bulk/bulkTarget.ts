import type { BulkSelection } from '@lms/domain';

/** What the bulk toolbar acts on: the picked rows (with the versions read), or all the filter matches. */
export interface BulkTarget {
  readonly selection: BulkSelection;
  /** Rows the action names in its confirmation. */
  readonly count: number;
  /** The picked ids (empty when all matching the filter are meant). */
  readonly ids: readonly string[];
}
