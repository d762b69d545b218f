import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { drawsOf, resetDraws } from '../renderCounts.ts';
import type { ColumnLayout } from './columnLayout.ts';
import { allVehicles, type Vehicle, vehicleColumns } from './DataGrid.fixtures.tsx';
import { DataGrid } from './DataGrid.tsx';
import type { DataGridColumn } from './types.ts';

/**
 * The user's columns (issue 22 item 4): each header's menu moves, pins, resizes and hides its
 * column, by mouse or by keyboard (Alt+↓ on the header); the end edge resizes by drag. The page
 * keeps the layout (a saved view), the grid only reports it.
 */
function LayoutGrid({
  onLayout,
  initial = [],
  columns = vehicleColumns,
  rows = allVehicles.slice(0, 5),
  ...props
}: {
  readonly onLayout?: (layout: ColumnLayout) => void;
  readonly initial?: ColumnLayout;
  readonly columns?: readonly DataGridColumn<Vehicle>[];
  readonly rows?: readonly Vehicle[];
  readonly isLoading?: boolean;
  readonly error?: string | null;
  readonly width?: number;
}) {
  const [layout, setLayout] = useState<ColumnLayout>(initial);
  return (
    <div style={{ width: props.width }}>
      <DataGrid<Vehicle>
        label="รายการรถ"
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.id}
        columnLayout={layout}
        onColumnLayoutChange={(next) => {
          setLayout(next);
          onLayout?.(next);
        }}
        columnStorage={{ load: () => null, save: () => {} }}
        isLoading={props.isLoading}
        error={props.error}
        emptyMessage="ยังไม่มีรถในรายการนี้"
      />
    </div>
  );
}

const meta = {
  title: 'Design system/DataGrid/Columns',
  component: LayoutGrid,
  args: { onLayout: fn() },
} satisfies Meta<typeof LayoutGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const headerNames = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('columnheader').map((header: HTMLElement) => header.textContent?.trim());
const openMenuOf = async (canvas: ReturnType<typeof within>, name: string) => {
  const header = canvas.getByRole('columnheader', { name });
  header.focus();
  await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
  return body.findByRole('menu', { name: `ตัวเลือกคอลัมน์ ${name}` });
};

/** Keyboard only: Alt+↓ on a header opens its menu; ย้ายขวา, ปักหมุด, wider and ซ่อน each change the layout. */
export const ColumnMenuByKeyboard: Story = {
  play: async ({ args, canvas }) => {
    await expect(headerNames(canvas)).toEqual(['ทะเบียนรถ', 'สาขา', 'ประเภทรถ', 'น้ำหนักบรรทุก (กก.)']);
    let menu = await openMenuOf(canvas, 'สาขา');
    await expect(within(menu).getByRole('menuitem', { name: 'ย้ายซ้าย' })).not.toHaveAttribute('aria-disabled');
    await userEvent.keyboard('{ArrowDown}{Enter}'); // ย้ายขวา
    await waitFor(() =>
      expect(headerNames(canvas)).toEqual(['ทะเบียนรถ', 'ประเภทรถ', 'สาขา', 'น้ำหนักบรรทุก (กก.)']),
    );

    menu = await openMenuOf(canvas, 'สาขา');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ปักหมุด' }));
    await waitFor(() =>
      expect(headerNames(canvas)).toEqual(['สาขา', 'ทะเบียนรถ', 'ประเภทรถ', 'น้ำหนักบรรทุก (กก.)']),
    );
    const pinned = canvas.getByRole('columnheader', { name: 'สาขา' });
    await expect(pinned).toHaveAttribute('data-pin', 'start');
    const widthBefore = pinned.getBoundingClientRect().width;

    menu = await openMenuOf(canvas, 'สาขา');
    await expect(within(menu).getByRole('menuitem', { name: 'เลิกปักหมุด' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ขยายให้กว้างขึ้น' }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: 'สาขา' }).getBoundingClientRect().width).toBeCloseTo(
        widthBefore + 40,
        0,
      ),
    );

    menu = await openMenuOf(canvas, 'ประเภทรถ');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ซ่อน' }));
    await waitFor(() => expect(canvas.queryByRole('columnheader', { name: 'ประเภทรถ' })).toBeNull());
    const last = (args.onLayout as ReturnType<typeof fn>).mock.lastCall?.[0] as ColumnLayout;
    await expect(last.map((column) => column.key)).toEqual(['branch', 'plate', 'type', 'capacityKg']);
    await expect(last[0]).toMatchObject({ pinned: true, width: expect.any(Number) });
    await expect(last[2]).toMatchObject({ hidden: true });
    // The always-visible column cannot be hidden.
    menu = await openMenuOf(canvas, 'ทะเบียนรถ');
    await expect(within(menu).getByRole('menuitem', { name: 'ซ่อน' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');
  },
};

/** The header's end edge, dragged, sets the column's width; a click on it does not sort. */
export const ResizeByDrag: Story = {
  play: async ({ args, canvas }) => {
    const header = canvas.getByRole('columnheader', { name: 'ประเภทรถ' });
    const edge = header.querySelector('[data-resize]') as HTMLElement;
    const start = header.getBoundingClientRect();
    fireEvent.pointerDown(edge, { clientX: start.right - 2, pointerId: 1 });
    fireEvent.pointerMove(edge, { clientX: start.right + 98, pointerId: 1 });
    fireEvent.pointerUp(edge, { clientX: start.right + 98, pointerId: 1 });
    const shown = () => canvas.getByRole('columnheader', { name: 'ประเภทรถ' }).getBoundingClientRect().width;
    // Widths are whole pixels: the drag of 100 px lands within a pixel of it.
    await waitFor(() => expect(Math.abs(shown() - (start.width + 100))).toBeLessThan(2));
    await expect(args.onLayout).toHaveBeenCalledWith(
      expect.arrayContaining([{ key: 'type', width: Math.round(start.width + 100) }]),
    );
  },
};

const longColumns: DataGridColumn<Vehicle>[] = [
  ...vehicleColumns,
  {
    key: 'note',
    header: 'หมายเหตุสำหรับพนักงานขับรถและผู้ประสานงานคลังสินค้าภาคตะวันออกเฉียงเหนือ',
    render: () => 'ส่งก่อนเที่ยง',
  },
];

/**
 * A saved layout restored: two pinned columns side by side (the second sticks where the first
 * ends), a long Thai header cut to its width, one column hidden.
 */
export const RestoredLayoutLongThai: Story = {
  args: {
    columns: longColumns,
    initial: [
      { key: 'plate', pinned: true, width: 140 },
      { key: 'note', pinned: true, width: 220 },
      { key: 'branch', hidden: true },
    ],
    width: 640,
  },
  play: async ({ canvas }) => {
    await expect(headerNames(canvas)).toEqual([
      'ทะเบียนรถ',
      'หมายเหตุสำหรับพนักงานขับรถและผู้ประสานงานคลังสินค้าภาคตะวันออกเฉียงเหนือ',
      'ประเภทรถ',
      'น้ำหนักบรรทุก (กก.)',
    ]);
    const grid = canvas.getByRole('grid');
    const scroller = grid.parentElement as HTMLElement;
    scroller.scrollLeft = 300;
    const note = canvas.getByRole('columnheader', { name: /หมายเหตุ/ });
    await waitFor(() =>
      expect(note.getBoundingClientRect().left).toBeCloseTo(scroller.getBoundingClientRect().left + 141, -1),
    );
    scroller.scrollLeft = 0;
  },
};

/** Loading: the headers already carry their menus. */
export const LoadingWithControls: Story = {
  args: { isLoading: true, rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'ตัวเลือกคอลัมน์ สาขา', hidden: true })).toBeInTheDocument();
  },
};

/** Nothing to show: the layout can still be arranged. */
export const EmptyWithControls: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('ยังไม่มีรถในรายการนี้')).toBeVisible();
    const menu = await openMenuOf(canvas, 'สาขา');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ย้ายขวา' }));
    await waitFor(() => expect(headerNames(canvas)[1]).toBe('ประเภทรถ'));
  },
};

/** A failed load keeps the headers and their menus; the error is an alert. */
export const ErrorWithControls: Story = {
  args: { error: 'โหลดรายการรถไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('โหลดรายการรถไม่สำเร็จ');
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(4);
  },
};

/** Phone width: the cards follow the layout's order and leave out its hidden columns. */
export const PhoneWidthFollowsLayout: Story = {
  args: {
    width: 375,
    initial: [{ key: 'type' }, { key: 'plate' }, { key: 'branch', hidden: true }],
  },
  play: async ({ canvas }) => {
    const cards = within(canvas.getByRole('list', { name: 'รายการรถ' })).getAllByRole('listitem');
    await expect(cards[0]).not.toHaveTextContent('สาขา');
    const text = cards[0]?.textContent ?? '';
    await expect(text.indexOf('ประเภทรถ')).toBeLessThan(text.indexOf('ทะเบียนรถ'));
  },
};

const vehicleKey = (row: Vehicle) => row.id;
const noPaging = () => {};

/** A grid with column menus, picking, a search box and paging, every prop steady as a page passes them. */
function PickingGrid() {
  const [layout, setLayout] = useState<ColumnLayout>([]);
  const [query, setQuery] = useState('');
  const search = useMemo(() => ({ value: query, onChange: setQuery }), [query]);
  const paging = useMemo(
    () => ({ page: 1, pageSize: 10, total: 5, onPageChange: noPaging, onPageSizeChange: noPaging }),
    [],
  );
  return (
    <DataGrid<Vehicle>
      label="รายการรถ"
      columns={vehicleColumns}
      rows={fiveVehicles}
      getRowKey={vehicleKey}
      selectable
      columnLayout={layout}
      onColumnLayoutChange={setLayout}
      search={search}
      paging={paging}
    />
  );
}
const fiveVehicles = allVehicles.slice(0, 5);

/**
 * Picking a row draws neither the headers' column menus nor the paging bar, and typing in the
 * search box draws no part of the table (issue 41, interaction to next paint: each pick drew every
 * header's menu, popover and resize edge). Counted by `@lms/design-system/renderCounts`.
 */
export const PickingAndTypingLeaveTheHeaders: Story = {
  render: () => <PickingGrid />,
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'รายการรถ' });
    await expect(canvas.getAllByRole('button', { name: /^ตัวเลือกคอลัมน์/ }).length).toBeGreaterThan(0);
    resetDraws();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 2' }));
    await expect(within(grid).getAllByRole('row')[2]).toHaveAttribute('aria-selected', 'true');
    await expect(drawsOf('GridTableView')).toBeGreaterThan(0);
    await expect(drawsOf('HeaderControls')).toBe(0);
    await expect(drawsOf('ColumnMenu')).toBe(0);
    await expect(drawsOf('Pagination')).toBe(0);
    resetDraws();
    await userEvent.type(canvas.getByRole('searchbox'), 'กข');
    await expect(canvas.getByRole('searchbox')).toHaveValue('กข');
    await expect(drawsOf('DataGrid')).toBeGreaterThan(0);
    await expect(drawsOf('GridTableView')).toBe(0);
    await expect(drawsOf('Pagination')).toBe(0);
    // A header's menu still opens and acts: the memoized controls follow the layout.
    await userEvent.click(canvas.getByRole('button', { name: 'ตัวเลือกคอลัมน์ สาขา' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'ซ่อน' }));
    await waitFor(() => expect(canvas.queryByRole('columnheader', { name: 'สาขา' })).toBeNull());
  },
};

/**
 * Two pinned columns: the second sticks where the first ends, at the first's measured width, and
 * moves along when the first is widened (the grid reads only the widths a later pinned column
 * needs: issue 41, a read lays the page out again).
 */
export const TwoPinnedColumns: Story = {
  args: {
    initial: [
      { key: 'plate', pinned: true },
      { key: 'branch', pinned: true },
    ],
  },
  play: async ({ canvas }) => {
    const first = () => canvas.getByRole('columnheader', { name: 'ทะเบียนรถ' });
    const second = () => canvas.getByRole('columnheader', { name: 'สาขา' });
    await expect(headerNames(canvas).slice(0, 2)).toEqual(['ทะเบียนรถ', 'สาขา']);
    await expect(first()).toHaveAttribute('data-pin', 'start');
    await expect(second()).toHaveAttribute('data-pin', 'start');
    const offset = (header: HTMLElement) => Number.parseFloat(getComputedStyle(header).insetInlineStart) || 0;
    // Within a pixel: widths are fractional, the offset is where the browser placed the cell.
    const near = (actual: number, expected: number) =>
      expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1);
    const sideBySide = () => near(offset(second()), offset(first()) + first().getBoundingClientRect().width);
    await waitFor(sideBySide);
    const widthBefore = first().getBoundingClientRect().width;

    const menu = await openMenuOf(canvas, 'ทะเบียนรถ');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ขยายให้กว้างขึ้น' }));
    await waitFor(() => near(first().getBoundingClientRect().width, widthBefore + 40));
    await waitFor(sideBySide);
    await expect(offset(second())).toBeGreaterThan(widthBefore);
  },
};
