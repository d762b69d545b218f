import { shipment } from '@lms/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import { fixtureId, fixtureRecord } from '../mocks/fixtures.ts';
import { entityStories, seenRequests } from '../stories/entityStories.tsx';
import type { EntityListPage } from './EntityListPage.tsx';

const s = entityStories('shipment');

const meta = {
  title: 'Pages/Shipment',
  ...s.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = s.List;
export const Empty: Story = s.Empty;
export const Loading: Story = s.Loading;
export const ServerError: Story = s.ServerError;
export const Search: Story = s.Search;
export const CreateRequiredMessages: Story = s.Create;
export const EditServerErrors: Story = s.EditServerErrors;
export const EditConflict: Story = s.EditConflict;
export const Show: Story = s.Show;
export const NoPermission: Story = s.NoPermission;
export const PhoneWidth: Story = s.PhoneWidth;
export const Detail: Story = s.Detail;

/** The shipment's many filters (spec §3) come from the declaration; a link carries date ranges and id lists. */
export const ManyFilters: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: {
    harness: {
      search: `planDateCheckInFrom=2026-11-01&planDateCheckInTo=2026-11-30&driverIds=${fixtureId('driver', 1)}&docNoEq=SH-2611-0001`,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('SH-2611-0001')).toBeVisible();
    const list = seenRequests.find((request) => request.path === '/api/shipment');
    await expect(list?.params.get('planDateCheckInFrom')).toBe('2026-11-01');
    await expect(list?.params.get('driverIds')).toBe(fixtureId('driver', 1));
    await expect(canvas.getByRole('button', { name: 'ตัวกรอง (4)' })).toHaveAttribute('aria-expanded', 'true');
    const panel = await canvas.findByRole('region', { name: 'ตัวกรองการขนส่ง (Shipment)' });
    // One group per filterable field: stage dates and times included.
    await expect(within(panel).getByRole('group', { name: 'วันที่จริง: ส่งสินค้าเสร็จ' })).toBeVisible();
    await expect(within(panel).getByRole('group', { name: 'ผู้สร้าง' })).toBeVisible();
  },
};

/** Plan/actual pairs grouped per stage; an actual stage earlier than the one before is refused in Thai. */
export const StageOrder: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    const record = {
      ...fixtureRecord(shipment, 1),
      actDateLoadStart: '2026-11-04',
      actTimeLoadStart: '05:00',
    };
    msw.use(http.get(`/api/shipment/${record.id}`, () => HttpResponse.json(record)));
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await s.openEdit(canvasElement));
    for (const stage of ['เช็คอิน', 'เริ่มขึ้นสินค้า', 'ขึ้นสินค้าเสร็จ', 'ปิดเอกสารขนส่ง', 'ออกเดินทาง', 'ส่งสินค้าเสร็จ'])
      await expect(dialog.getByRole('group', { name: stage })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await expect(await dialog.findByText('เวลาจริงของ "เริ่มขึ้นสินค้า" ต้องไม่ก่อนเวลาจริงของ "เช็คอิน"')).toBeVisible();
    await expect(seenRequests.some((request) => request.method === 'PUT')).toBe(false);
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};
