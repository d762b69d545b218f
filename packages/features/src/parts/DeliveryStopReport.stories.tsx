import type { EntityListPage } from '@lms/entity-pages';
import { entityStories, firstCellText } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

const stops = entityStories('deliveryStopReport');

/**
 * The delivery stops the performance figures open (docs/performance-figures.md): the generic list
 * page of a read-only view, list and export only; loading, empty, error and phone are the
 * machinery's standard stories run on this declaration.
 */
const meta = {
  title: 'Pages/DeliveryStopReport',
  ...stops.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ListOnly: Story = {
  args: { entity: 'deliveryStopReport' },
  beforeEach: ({ msw }) => stops.mount(msw),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(firstCellText(stops.entity))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^เพิ่ม/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^แก้ไข / })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'ส่งออก Excel' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'ตรงเวลา' })).toBeVisible();
  },
};
export const Empty: Story = stops.Empty;
export const Loading: Story = stops.Loading;
export const ServerError: Story = stops.ServerError;
export const PhoneWidth: Story = stops.PhoneWidth;
export const Search: Story = stops.Search;
