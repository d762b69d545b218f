import { LIST_FIELDS } from '@lms/domain';

/**
 * Where each page of a list ended, as the server said (`next`, issue 41): the next page is asked
 * `after` it, and the server reads it from there instead of skipping `page × size` rows. Kept
 * for one list shape at a time (entity, branch, filters, sort and size: everything but the page);
 * another shape starts afresh, and a page whose page before is not known is asked by number
 * ("go to page"), as before.
 */
export class PageCursors {
  private shape: string | undefined;
  private readonly ends = new Map<number, string>();

  /** The `after` for `page` of `shape`: the `next` of the page before it, when known. */
  afterFor(shape: string, page: number): string | undefined {
    return shape === this.shape ? this.ends.get(page - 1) : undefined;
  }

  /** What a fetched page said: where it ended (none: no row follows, or the sort pages by number). */
  remember(shape: string, page: number, next: string | undefined): void {
    if (shape !== this.shape) {
      this.shape = shape;
      this.ends.clear();
    }
    if (next === undefined) this.ends.delete(page);
    else this.ends.set(page, next);
  }
}

/** A list key's shape: the key with its page left out, and its `fields` (a cursor is the rows' order's, not their columns'). */
export const listShapeOf = (key: readonly unknown[]): string =>
  JSON.stringify(
    key.map((part) =>
      part && typeof part === 'object' && 'page' in part ? { ...part, page: null, [LIST_FIELDS]: undefined } : part,
    ),
  );
