import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { allVehicles, ServerGrid, type Vehicle, vehicleColumns } from './DataGrid.fixtures.tsx';
import { DataGrid } from './DataGrid.tsx';
import type { DataGridColumn } from './types.ts';

const meta = {
  title: 'Design system/DataGrid',
  component: ServerGrid,
  tags: ['autodocs'],
  args: { onSort: fn(), onPage: fn() },
} satisfies Meta<typeof ServerGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const dataRows = (grid: HTMLElement) => within(grid).getAllByRole('row').slice(1);

/** Docs: server paging and sorting; Shift+click a second header to sort by it too. */
export const ServerPaging: Story = {
  play: async ({ args, canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'รายการรถ' });
    await expect(dataRows(grid)).toHaveLength(10);
    await expect(canvas.getByText('1–10 จาก 137')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(args.onPage).toHaveBeenCalledWith(2);
    await expect(canvas.getByText('11–20 จาก 137')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('แถวต่อหน้า'), '50');
    await expect(dataRows(grid)).toHaveLength(50);
    const branch = canvas.getByRole('columnheader', { name: 'สาขา' });
    await userEvent.click(branch);
    await expect(branch).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(canvas.getByRole('columnheader', { name: 'ทะเบียนรถ' }), { shiftKey: true });
    await expect(args.onSort).toHaveBeenLastCalledWith([
      { key: 'branch', direction: 'asc' },
      { key: 'plate', direction: 'asc' },
    ]);
    await userEvent.click(branch);
    await expect(branch).toHaveAttribute('aria-sort', 'descending');
    await expect(args.onSort).toHaveBeenLastCalledWith([{ key: 'branch', direction: 'desc' }]);
  },
};

/**
 * A big list: the server counts exactly only so far (here 50; 10,000 in the product) and says
 * "มากกว่า"; paging on counts further, and the total turns exact once the end is within reach.
 */
export const CountedUpToALimit: Story = {
  args: { countLimit: 50 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1–10 จาก มากกว่า 50')).toBeVisible();
    await expect(canvas.getByText('หน้า 1 / มากกว่า 5')).toBeVisible();
    const next = canvas.getByRole('button', { name: 'หน้าถัดไป' });
    for (let page = 2; page <= 5; page += 1) await userEvent.click(next);
    await expect(canvas.getByText('41–50 จาก มากกว่า 60')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('แถวต่อหน้า'), '100');
    await expect(canvas.getByText('1–100 จาก 137')).toBeVisible();
    await expect(canvas.getByText('หน้า 1 / 2')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('แถวต่อหน้า'), '10');
    await expect(canvas.getByText('1–10 จาก มากกว่า 50')).toBeVisible();
  },
};

/** Arrow keys move between cells (one tab stop); Enter sorts a header; Space selects a row. */
export const Keyboard: Story = {
  args: { selectable: true },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await userEvent.tab();
    const headers = canvas.getAllByRole('columnheader');
    await expect(headers[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(headers[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSort).toHaveBeenCalledWith([{ key: 'plate', direction: 'asc' }]);
    await userEvent.keyboard('{ArrowDown}');
    const grid = canvas.getByRole('grid');
    const firstRow = dataRows(grid)[0] as HTMLElement;
    await expect(within(firstRow).getAllByRole('gridcell')[1]).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(firstRow).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect(within(firstRow).getAllByRole('gridcell').at(-1)).toHaveFocus();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await expect(
      within(dataRows(grid).at(-1) as HTMLElement)
        .getAllByRole('gridcell')
        .at(-1),
    ).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('แถวต่อหน้า')).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(
      within(dataRows(grid).at(-1) as HTMLElement)
        .getAllByRole('gridcell')
        .at(-1),
    ).toHaveFocus();
  },
};

/** Selecting rows shows the bulk actions slot with the count. */
export const BulkActions: Story = {
  args: {
    bulkActions: (selected) => (
      <Button size="sm" variant="danger" onPress={() => undefined}>
        ลบ {selected.size} รายการ
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 2' }));
    const bar = canvas.getByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' });
    await expect(bar).toHaveTextContent('เลือกแล้ว 1 รายการ');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกทุกแถวในหน้านี้' }));
    await expect(bar).toHaveTextContent('เลือกแล้ว 10 รายการ');
    await expect(canvas.getByRole('button', { name: 'ลบ 10 รายการ' })).toBeVisible();
  },
};

/** Each row's drawings, counted by a column that records them. */
const drawn: number[] = [];
const countingColumns: DataGridColumn<Vehicle>[] = [
  ...vehicleColumns.slice(0, 2),
  {
    key: 'drawn',
    header: 'ลำดับ',
    render: (row) => {
      drawn.push(row.id);
      return row.id;
    },
  },
];

/**
 * Picking a row draws that row alone (issue 41, interaction to next paint): the other rows keep
 * their props, so a page of 100 rows answers a tap as fast as a page of 10.
 */
export const PickingDrawsOneRow: Story = {
  args: { selectable: true, columns: countingColumns },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'รายการรถ' });
    await expect(dataRows(grid)).toHaveLength(10);
    drawn.length = 0;
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 2' }));
    await expect(dataRows(grid)[1]).toHaveAttribute('aria-selected', 'true');
    // That row alone (twice: its box picked, its cell focused).
    await expect(new Set(drawn)).toEqual(new Set([(allVehicles[1] as Vehicle).id]));
    drawn.length = 0;
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 3' }));
    // The row that gives the focus up draws again too (its tab stop moves), no other.
    await expect(new Set(drawn)).toEqual(new Set([2, 3].map((i) => (allVehicles[i - 1] as Vehicle).id)));
  },
};

/** The column chooser hides columns and saves the choice through the storage adapter. */
/** The caller names each row's checkbox (e.g. by its document number) rather than "row n". */
export const NamedSelection: Story = {
  args: { selectable: true, selectionLabel: (row) => `เลือก ${row.plate}` },
  play: async ({ canvas }) => {
    const second = allVehicles[1] as Vehicle;
    await userEvent.click(canvas.getByRole('checkbox', { name: `เลือก ${second.plate}` }));
    await expect(dataRows(canvas.getByRole('grid'))[1]).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.queryByRole('checkbox', { name: /เลือกแถวที่/ })).toBeNull();
  },
};

export const ColumnChooser: Story = {
  args: { columnStorage: { load: fn(() => null), save: fn() } },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'คอลัมน์' }));
    const menu = await body.findByRole('menu');
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'ทะเบียนรถ' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'สาขา' }));
    await expect(args.columnStorage?.save).toHaveBeenCalledWith(['branch']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await expect(canvas.queryByRole('columnheader', { name: 'สาขา' })).toBeNull();
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(3);
  },
};

export const ColumnsRestored: Story = {
  args: { columnStorage: { load: () => ['type', 'capacityKg'], save: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ทะเบียนรถ', 'สาขา']);
  },
};

/**
 * One grid, two lists (a route from one entity's list to another keeps the grid): each list's
 * hidden columns are its own, not the last list's.
 */
export const ColumnsFollowTheirList: Story = {
  render: function TwoLists(args) {
    const lists = useMemo(
      () => [
        { load: () => ['branch'], save: () => {} },
        { load: () => ['type', 'capacityKg'], save: () => {} },
      ],
      [],
    );
    const [list, setList] = useState(0);
    return (
      <>
        <Button size="sm" variant="secondary" onPress={() => setList((n) => 1 - n)}>
          รายการถัดไป
        </Button>
        <ServerGrid {...args} columnStorage={lists[list]} />
      </>
    );
  },
  play: async ({ canvas }) => {
    const headers = () => canvas.getAllByRole('columnheader').map((h) => h.textContent);
    await expect(headers()).toEqual(['ทะเบียนรถ', 'ประเภทรถ', 'น้ำหนักบรรทุก (กก.)']);
    await userEvent.click(canvas.getByRole('button', { name: 'รายการถัดไป' }));
    await waitFor(() => expect(headers()).toEqual(['ทะเบียนรถ', 'สาขา']));
    await userEvent.click(canvas.getByRole('button', { name: 'รายการถัดไป' }));
    await waitFor(() => expect(headers()).toEqual(['ทะเบียนรถ', 'ประเภทรถ', 'น้ำหนักบรรทุก (กก.)']));
  },
};

/** Search box and a filter slot; the host filters on the server. */
export const SearchAndFilters: Story = {
  args: {
    toolbar: (
      <Button size="sm" variant="secondary">
        ตัวกรอง
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'ค้นหา' }), 'เชียงใหม่');
    await expect(canvas.getByText('1–10 จาก 27')).toBeVisible();
    for (const row of dataRows(canvas.getByRole('grid'))) await expect(row).toHaveTextContent('สาขาเชียงใหม่');
  },
};

/** The first answer on its way: skeleton rows, and a paging bar with no count yet (not "0–0 จาก 0"). */
export const Loading: Story = {
  render: () => (
    <DataGrid<Vehicle>
      label="รายการรถ"
      columns={vehicleColumns}
      rows={[]}
      getRowKey={(r) => r.id}
      isLoading
      paging={{ page: 1, pageSize: 10, total: 0, onPageChange: fn(), onPageSizeChange: fn() }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด...');
    // As many skeleton rows as a page holds, up to 10.
    await expect(dataRows(canvas.getByRole('grid'))).toHaveLength(10);
    const paging = canvas.getByRole('navigation', { name: 'การแบ่งหน้า' });
    await expect(paging).not.toHaveTextContent('จาก');
    await expect(paging).toHaveTextContent('หน้า 1');
    await expect(paging).not.toHaveTextContent('/');
    await expect(within(paging).getByRole('button', { name: 'หน้าถัดไป' })).toBeDisabled();
    await expect(within(paging).getByRole('button', { name: 'หน้าก่อนหน้า' })).toBeDisabled();
  },
};

/**
 * The next page on its way (a sort, a page, a filter asked): the rows shown stay, dimmed and out of
 * reach (inert: a click opens nothing), the grid busy, the status saying so; no skeleton in their place.
 */
export const Updating: Story = {
  render: () => (
    <DataGrid<Vehicle>
      label="รายการรถ"
      columns={vehicleColumns}
      rows={allVehicles.slice(0, 5)}
      getRowKey={(r) => r.id}
      onRowAction={() => undefined}
      isUpdating
    />
  ),
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid');
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด...');
    const rows = dataRows(grid);
    await expect(rows).toHaveLength(5);
    await expect(rows[0]).toHaveTextContent(allVehicles[0]!.plate);
    await expect(grid.querySelector('[inert]')).not.toBeNull();
    // Out of a pointer's reach: the browser's hit test passes through an inert row.
    const box = rows[0]!.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    await expect(rows[0]!.contains(hit)).toBe(false);
  },
};

export const Empty: Story = {
  render: () => (
    <DataGrid<Vehicle> label="รายการรถ" columns={vehicleColumns} rows={[]} getRowKey={(r) => r.id} />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('gridcell')).toHaveTextContent('ไม่พบข้อมูล');
  },
};

const retry = fn();
export const ErrorState: Story = {
  render: () => (
    <DataGrid<Vehicle>
      label="รายการรถ"
      columns={vehicleColumns}
      rows={[]}
      getRowKey={(r) => r.id}
      error
      onRetry={retry}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('โหลดข้อมูลไม่สำเร็จ');
    await userEvent.click(canvas.getByRole('button', { name: 'ลองใหม่' }));
    await expect(retry).toHaveBeenCalledTimes(1);
  },
};

const longBranch = 'ศูนย์กระจายสินค้าภาคตะวันออกเฉียงเหนือ จังหวัดนครราชสีมา และพื้นที่ใกล้เคียงทั้งหมด';
const longRows = allVehicles.slice(0, 3).map((v, i) => ({
  ...v,
  // The third row's is 2,760 characters, as a user once typed (issue 23).
  branch: i === 2 ? longBranch.repeat(35).slice(0, 2760) : longBranch,
}));
export const LongThaiText: Story = {
  render: () => (
    <DataGrid<Vehicle>
      label="รายการรถ"
      columns={vehicleColumns.map((c) =>
        c.key === 'type' ? { ...c, header: 'ประเภทรถที่ใช้ขนส่งสินค้าระยะไกลข้ามภูมิภาค' } : c,
      )}
      rows={longRows}
      getRowKey={(r) => r.id}
    />
  ),
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid');
    const scroller = grid.parentElement as HTMLElement;
    const rows = dataRows(grid);
    // Long text is one line cut with an ellipsis, in a row of the usual height.
    const cell = within(rows[2] as HTMLElement).getAllByRole('gridcell')[1] as HTMLElement;
    const text = cell.querySelector('[data-cell-text]') as HTMLElement;
    await expect(text).toHaveTextContent(longRows[2]!.branch);
    await expect(text.scrollWidth).toBeGreaterThan(text.clientWidth);
    await expect(getComputedStyle(text).textOverflow).toBe('ellipsis');
    await expect((rows[2] as HTMLElement).getBoundingClientRect().height).toBeLessThanOrEqual(46);
    // No value widens a column: the 2,760 characters leave the grid exactly as wide as its box
    // (it was 1,516 px wider, issue 43), and the column as wide as its neighbour's short value.
    await expect(scroller.scrollWidth).toBe(scroller.clientWidth);
    const widths = canvas
      .getAllByRole('columnheader')
      .map((h) => Math.round(h.getBoundingClientRect().width));
    await expect(new Set(widths).size).toBe(1);
    // The pointer resting on the cut value shows it whole, under the cell; leaving hides it.
    await userEvent.hover(text);
    const peek = await waitFor(() => {
      const shown = document.querySelector<HTMLElement>('[data-peek]');
      if (!shown) throw new Error('no peek yet');
      return shown;
    });
    await expect(peek.textContent).toHaveLength(2760);
    await expect(peek.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      cell.getBoundingClientRect().bottom,
    );
    await userEvent.unhover(grid);
    await waitFor(() => expect(document.querySelector('[data-peek]')).toBeNull());
    // A short value that fits has nothing to show.
    const short = within(rows[0] as HTMLElement).getAllByRole('gridcell')[2] as HTMLElement;
    short.focus();
    await expect(document.querySelector('[data-peek]')).toBeNull();
    // The keyboard's focus on the cut cell shows it whole too, at once; leaving the grid hides it.
    cell.focus();
    await waitFor(() => expect(document.querySelector('[data-peek]')?.textContent).toHaveLength(2760));
    await userEvent.tab();
    await waitFor(() => expect(document.querySelector('[data-peek]')).toBeNull());
  },
};

/** On a phone the cards wrap a long value to three lines at most: the 2,760 characters stay a card, not a page. */
export const LongThaiTextPhone: Story = {
  render: () => (
    <div style={{ width: 360 }}>
      <DataGrid<Vehicle> label="รายการรถ" columns={vehicleColumns} rows={longRows} getRowKey={(r) => r.id} />
    </div>
  ),
  play: async ({ canvas }) => {
    const cards = within(canvas.getByRole('list', { name: 'รายการรถ' })).getAllByRole('listitem');
    const [short, , long] = cards.map((card) => card.getBoundingClientRect().height);
    await expect(long).toBeLessThanOrEqual((short ?? 0) + 50);
    await expect(cards[2]).toHaveTextContent(longRows[2]!.branch);
    for (const card of cards) await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

const wideColumns: DataGridColumn<Vehicle>[] = [
  { ...vehicleColumns[0]!, pin: 'start' },
  ...['สาขาต้นทาง', 'สาขาปลายทาง', 'คลังสินค้า', 'เส้นทาง', 'ผู้รับเหมา', 'คนขับ'].map((header) => ({
    key: header,
    header,
    width: '180px',
    render: (row: Vehicle) => `${header} ${row.branch}`,
  })),
  {
    key: 'actions',
    header: 'จัดการ',
    width: '112px',
    pin: 'end',
    render: (row: Vehicle) => (
      <Button variant="ghost" size="sm" onPress={() => {}}>
        {`ดู ${row.plate}`}
      </Button>
    ),
  },
];

/** How often the grid below drew its cells since it mounted (its first column's render, a cell each). */
let cellDraws = 0;
const countedColumns: DataGridColumn<Vehicle>[] = [
  {
    ...wideColumns[0]!,
    render: (row: Vehicle) => {
      cellDraws += 1;
      return row.plate;
    },
  },
  ...wideColumns.slice(1),
];

/**
 * A list with one pinned column (as every entity list) is drawn once when it mounts: its pinned
 * column sticks at the start without a measurement, so nothing draws the grid again before the first
 * paint (issue 41: the DO list's first screen drew it twice).
 */
export const OnePinnedColumnDrawsOnce: Story = {
  render: () => (
    <div style={{ width: 640 }}>
      <DataGrid<Vehicle>
        label="รายการรถ"
        columns={countedColumns}
        rows={allVehicles.slice(0, 5)}
        getRowKey={(r) => r.id}
        selectable
      />
    </div>
  ),
  beforeEach: () => {
    cellDraws = 0;
  },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'รายการรถ' });
    const [selection, first] = within(grid).getAllByRole('columnheader') as HTMLElement[];
    await expect(first).toHaveAttribute('data-pin', 'start');
    // Where a measured offset would have put it: right after the selection column.
    await expect(first!.getBoundingClientRect().left).toBeCloseTo(
      selection!.getBoundingClientRect().right,
      0,
    );
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    await expect(cellDraws).toBe(5);
  },
};

/** Two lists shown one after the other in the same place, as a host's router does. */
function TwoLists({ onRowAction }: { readonly onRowAction: (row: Vehicle) => void }) {
  const [second, setSecond] = useState(false);
  return (
    <div style={{ width: 640 }}>
      <Button variant="secondary" onPress={() => setSecond(true)}>
        รายการถัดไป
      </Button>
      <DataGrid<Vehicle>
        label={second ? 'รายการรถคันอื่น' : 'รายการรถ'}
        columns={wideColumns}
        rows={allVehicles.slice(second ? 5 : 0, second ? 10 : 5)}
        getRowKey={(r) => r.id}
        onRowAction={onRowAction}
      />
    </div>
  );
}

/**
 * Wider than its box: the identifying first column and the row actions stay in view while the
 * middle scrolls; clicking a row opens it; the next list starts at its first column (issue 23).
 */
export const PinnedColumns: Story = {
  args: { onRowAction: fn() },
  render: (args) => <TwoLists onRowAction={(args as { onRowAction: (row: Vehicle) => void }).onRowAction} />,
  play: async ({ args, canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'รายการรถ' });
    const scroller = grid.parentElement as HTMLElement;
    const box = scroller.getBoundingClientRect();
    const action = canvas.getByRole('button', { name: `ดู ${allVehicles[0]!.plate}` });
    // In view before and after scrolling sideways to the middle.
    for (const left of [0, 400]) {
      scroller.scrollLeft = left;
      await waitFor(() => expect(scroller.scrollLeft).toBe(left));
      await expect(action.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
      const first = within(dataRows(grid)[0] as HTMLElement).getAllByRole('gridcell')[0] as HTMLElement;
      await expect(first.getBoundingClientRect().left).toBeGreaterThanOrEqual(box.left);
    }
    await userEvent.click(
      within(dataRows(grid)[1] as HTMLElement).getAllByRole('gridcell')[2] as HTMLElement,
    );
    await expect((args as { onRowAction: ReturnType<typeof fn> }).onRowAction).toHaveBeenCalledWith(
      allVehicles[1],
    );
    // The row's own button is the button's, not the row's.
    await userEvent.click(action);
    await expect((args as { onRowAction: ReturnType<typeof fn> }).onRowAction).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'รายการถัดไป' }));
    const next = await canvas.findByRole('grid', { name: 'รายการรถคันอื่น' });
    await waitFor(() => expect((next.parentElement as HTMLElement).scrollLeft).toBe(0));
  },
};

/** Phone width (grid narrower than 600 px): one card per row. */
export const PhoneWidth: Story = {
  args: { selectable: true, initialPageSize: 3 },
  render: (args) => (
    <div style={{ width: 375 }}>
      <ServerGrid {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('grid')).toBeNull();
    const cards = within(canvas.getByRole('list', { name: 'รายการรถ' })).getAllByRole('listitem');
    await expect(cards).toHaveLength(3);
    await expect(cards[0]).toHaveTextContent('สาขา');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 1' }));
    await expect(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 1' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(canvas.getByText('4–6 จาก 137')).toBeVisible();
  },
};

/** A shipment as a phone's list shows it: its number first, then what a driver checks. */
interface Trip {
  readonly id: number;
  readonly docNo: string;
  readonly customer: string;
  readonly plate: string;
}
const trips: Trip[] = [
  { id: 1, docNo: 'SH20250106000001', customer: 'บริษัท ก่อสร้างไทย จำกัด', plate: 'กข 1234' },
  {
    id: 2,
    docNo: 'SH20250106000002 เที่ยวเพิ่มเติมสำหรับลูกค้าภาคตะวันออกเฉียงเหนือที่ขอส่งด่วนหลังเวลาปิดรับงาน',
    customer: 'ห้างหุ้นส่วนจำกัด วัสดุภัณฑ์และเครื่องใช้ไฟฟ้าครบวงจรนครราชสีมา สาขาถนนมิตรภาพ',
    plate: 'ขค 5678',
  },
];
const tripColumns: DataGridColumn<Trip>[] = [
  { key: 'docNo', header: 'เลขที่ใบขนส่ง', alwaysVisible: true },
  { key: 'customer', header: 'ลูกค้า' },
  { key: 'plate', header: 'ทะเบียนรถ' },
];

/**
 * On a phone a row opens as it does in the table: tapping the card's title (the shipment number,
 * a button) or the card itself; the card's checkbox only selects. Long Thai text wraps in the card.
 */
const openTrip = fn();
export const PhoneOpensRow: Story = {
  beforeEach: () => {
    openTrip.mockClear();
  },
  render: () => (
    <div style={{ width: 360 }}>
      <DataGrid<Trip>
        label="ใบขนส่ง"
        columns={tripColumns}
        rows={trips}
        getRowKey={(row) => row.id}
        selectable
        onRowAction={openTrip}
      />
    </div>
  ),
  play: async ({ canvas }) => {
    const opened = openTrip;
    const cards = within(canvas.getByRole('list', { name: 'ใบขนส่ง' })).getAllByRole('listitem');
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'SH20250106000001' }));
    await expect(opened).toHaveBeenCalledWith(trips[0]);
    await userEvent.click(within(cards[1]!).getByText(/วัสดุภัณฑ์/));
    await expect(opened).toHaveBeenLastCalledWith(trips[1]);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกแถวที่ 1' }));
    await expect(opened).toHaveBeenCalledTimes(2);
    // By keyboard too: the title is a button in the tab order.
    within(cards[0]!).getByRole('button', { name: 'SH20250106000001' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(opened).toHaveBeenCalledTimes(3);
    // Long Thai text wraps inside the cards: nothing wider than the phone.
    const list = canvas.getByRole('list', { name: 'ใบขนส่ง' });
    await expect((list.parentElement as HTMLElement).scrollWidth).toBeLessThanOrEqual(360);
  },
};
