import type { EntityListPage } from '@lms/entity-pages';
import { entityStories, firstCellText } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

const doReport = entityStories('deliveryOrderReport');

/** The special part of deliveryOrderReport: its page is still the generic one, with the part in a slot. */
const meta = {
  title: 'Pages/DeliveryOrderReport/Special part',
  ...doReport.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** DO report: a list only; nobody creates or edits report rows. */
export const DeliveryOrderReportListOnly: Story = {
  args: { entity: 'deliveryOrderReport' },
  beforeEach: ({ msw }) => doReport.mount(msw),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(firstCellText(doReport.entity))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^เพิ่ม/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^แก้ไข / })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'ส่งออก Excel' })).toBeVisible();
    // A Thai word and the English title are two words (issue 23: "ค้นหาDO Report").
    await expect(canvas.getByPlaceholderText('ค้นหา DO Report')).toBeVisible();
  },
};
