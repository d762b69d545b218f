import type { ListPageAnswer } from '@lms/domain';
import type { ListQuery, Page } from './entityKeys.ts';

/**
 * A list's total is counted with the first page of a filter set and kept while the screen only
 * pages, sorts or resizes (issue 24: the count cost PostgreSQL more than the page). What one list
 * knows: the filter set it last counted and what the count said.
 */
export interface CountedTotal {
  /** The filter set counted (`filterSetOf`). */
  readonly filterSet: string;
  readonly total: number;
  readonly totalIsLowerBound: boolean;
}

/** A page as fetched: with the filter set its total belongs to (and the `fields` its rows were asked with). */
export type FetchedPage<Row> = Page<Row> & { readonly filterSet: string; readonly fields?: string | undefined };

/** The filter set of a list key: entity, branch, filters and search, not paging or sort. */
export const filterSetOf = (entityName: string, branchId: string | null, filters: unknown): string =>
  JSON.stringify([entityName, branchId, filters]);

/**
 * Whether the page must count its total: nothing counted for these filters yet, or a lower bound
 * that does not reach past the page (the grid offers the next page only when the total does; the
 * server counts to the next page's end).
 */
export function mustCount(counted: CountedTotal | undefined, filterSet: string, query: ListQuery): boolean {
  if (counted?.filterSet !== filterSet) return true;
  return counted.totalIsLowerBound && (query.page + 1) * query.size >= counted.total;
}

/** The server's page as the screen shows it: a skipped total is the one counted for its filters. */
export function shownPage<Row>(
  answer: ListPageAnswer<Row>,
  counted: CountedTotal | undefined,
  filterSet: string,
): FetchedPage<Row> {
  if (answer.total !== null)
    return { ...answer, total: answer.total, totalIsLowerBound: answer.totalIsLowerBound, filterSet };
  if (counted?.filterSet !== filterSet) throw new Error(`${filterSet}: the total was skipped but never counted`);
  return { ...answer, total: counted.total, totalIsLowerBound: counted.totalIsLowerBound, filterSet };
}
