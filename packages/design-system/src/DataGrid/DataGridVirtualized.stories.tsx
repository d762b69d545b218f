import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { makeVehicles, type Vehicle, vehicleColumns } from './DataGrid.fixtures.tsx';
import { DataGrid } from './DataGrid.tsx';

const hundredThousand = makeVehicles(100_000);

const meta = {
  title: 'Design system/DataGrid/Virtualized',
  component: DataGrid<Vehicle>,
  args: {
    label: 'รถทั้งหมด',
    columns: vehicleColumns,
    rows: hundredThousand,
    getRowKey: (row: Vehicle) => row.id,
    virtualized: true,
    maxHeight: '480px',
  },
} satisfies Meta<typeof DataGrid<Vehicle>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 100,000 client-side rows: only the rows in view are in the DOM. */
export const HundredThousandRows: Story = {
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'รถทั้งหมด' });
    await expect(grid).toHaveAttribute('aria-rowcount', '100001');
    await expect(within(grid).getAllByRole('row').length).toBeLessThan(40);
    const scroller = grid.parentElement as HTMLElement;
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() => expect(within(grid).getByText('ผท 1081')).toBeVisible());
    const last = within(grid).getAllByRole('row').at(-1);
    await expect(last).toHaveAttribute('aria-rowindex', '100001');
    await expect(within(grid).getAllByRole('row').length).toBeLessThan(40);
  },
};

/** Keyboard reaches rows that were not rendered yet: the grid scrolls them in first. */
export const KeyboardAcrossWindow: Story = {
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid');
    await userEvent.tab();
    // Each key moves focus from the cell the previous one focused once the window has drawn it:
    // press the next key after that, as a person would.
    const focusedRow = () => Number((document.activeElement as HTMLElement).dataset.row);
    let row = focusedRow();
    for (const key of ['{ArrowDown}', '{PageDown}', '{PageDown}']) {
      const before = row;
      await userEvent.keyboard(key);
      row = await waitFor(() => {
        expect(focusedRow()).toBeGreaterThan(before);
        return focusedRow();
      });
    }
    await expect(document.activeElement).toHaveAttribute('role', 'gridcell');
    await expect(row).toBeGreaterThan(10);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '100001'),
    );
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '2'),
    );
    await expect(grid.parentElement?.scrollTop).toBe(0);
  },
};
