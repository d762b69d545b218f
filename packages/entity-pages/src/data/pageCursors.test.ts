import { describe, expect, it } from 'vitest';
import { listShapeOf, PageCursors } from './pageCursors.ts';

const key = (page: number, sort = 'docNo,asc') => ['entity', 'deliveryOrder', 'list', 'b1', { page, size: 50, sort: [sort] }];

describe('PageCursors', () => {
  it('asks a page after the end of the page before it, once that page was fetched', () => {
    const cursors = new PageCursors();
    const shape = listShapeOf(key(0));
    expect(cursors.afterFor(shape, 1)).toBeUndefined();
    cursors.remember(shape, 0, 'end-of-0');
    expect(cursors.afterFor(shape, 1)).toBe('end-of-0');
    // A jump to page 5 has no page before it known: asked by number.
    expect(cursors.afterFor(shape, 5)).toBeUndefined();
    expect(cursors.afterFor(shape, 0)).toBeUndefined();
  });

  it('forgets every end when the sort, filters or size change (another shape)', () => {
    const cursors = new PageCursors();
    cursors.remember(listShapeOf(key(0)), 0, 'end-of-0');
    const resorted = listShapeOf(key(1, 'docNo,desc'));
    expect(cursors.afterFor(resorted, 1)).toBeUndefined();
    cursors.remember(resorted, 3, 'end-of-3');
    expect(cursors.afterFor(listShapeOf(key(1)), 1)).toBeUndefined();
    expect(cursors.afterFor(resorted, 4)).toBe('end-of-3');
  });

  it('drops an end when the page is fetched again and no row follows it any more', () => {
    const cursors = new PageCursors();
    const shape = listShapeOf(key(2));
    cursors.remember(shape, 2, 'end-of-2');
    cursors.remember(shape, 2, undefined);
    expect(cursors.afterFor(shape, 3)).toBeUndefined();
  });

  it('gives every page of one list the same shape, and other sizes another', () => {
    expect(listShapeOf(key(0))).toBe(listShapeOf(key(7)));
    expect(listShapeOf(key(0))).not.toBe(
      listShapeOf(['entity', 'deliveryOrder', 'list', 'b1', { page: 0, size: 100, sort: ['docNo,asc'] }]),
    );
  });
});
