import { selectionWidth, tokens } from '@lms/design-system';
import { entities, entityByName, entityPages, listColumnWidth } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { entityColumns, ROW_ACTIONS_WIDTH } from './entityColumns.tsx';

/**
 * A list's room at 1366 px with the drawer open: the window less the drawer, the page's padding
 * (16 px each side) and the grid's border. `apps/web/e2e/listsInView.e2e.test.ts` measures the
 * same in the built app.
 */
const ROOM_AT_1366 = 1366 - Number.parseInt(tokens.size.drawerWidth, 10) - 2 * 16 - 2;

const listed = entities.filter((entity) =>
  entityPages.some((page) => page.entity === entity.name && page.kind === 'list'),
);

describe('entity list columns', () => {
  it.each(listed.map((entity) => [entity.name, entity] as const))(
    '%s: its declared first columns, a row’s checkbox and its actions fit at 1366 px with the drawer open',
    (_, entity) => {
      const first = entityColumns(entity).slice(0, entity.listColumns.length);
      expect(first.map((column) => column.key)).toEqual(entity.listColumns);
      const widths = first.map((column) => column.width as number);
      const total = widths.reduce((sum, width) => sum + width, selectionWidth + ROW_ACTIONS_WIDTH);
      expect(total, `${entity.listColumns.join(', ')}: ${widths.join(' + ')}`).toBeLessThanOrEqual(
        ROOM_AT_1366,
      );
    },
  );

  it('are as wide as the domain declares, whatever the values', () => {
    const booking = entityByName('bookingReport');
    const columns = entityColumns(booking);
    for (const column of columns) {
      const field = booking.fields.find((f) => f.name === column.key)!;
      expect(column.width).toBe(listColumnWidth(field));
    }
    // The booking list leads with what its planner scans for, its delivery day second (issue 43).
    expect(columns.slice(0, 3).map((column) => column.header)).toEqual([
      'เลขที่เอกสาร',
      'วันที่ส่ง',
      'สถานที่ส่งสินค้า',
    ]);
  });
});
