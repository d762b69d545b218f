import { shipmentPlanningApi } from '@lms/domain';
import {
  carriedBooking,
  fixtureId,
  type MockAnswer,
  mock,
  neverAnswered,
  nextHandler,
  refusal,
} from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BookingShipments } from './BookingShipments.tsx';

const bookingId = fixtureId('bookingReport', 1);

function Harness({ width }: { readonly width?: number }) {
  return (
    <PageHarness roles={['ROLE_BOOKING_REPORT_READ']} {...(width ? { width } : {})}>
      <BookingShipments bookingId={bookingId} />
    </PageHarness>
  );
}

/** The shipments carrying a booking on its page (issue 19): plan and actual time of each stage. */
const meta = {
  title: 'Pages/Shipment Planning/Booking shipments',
  component: Harness,
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

type Shipments = typeof shipmentPlanningApi.bookingShipments;
/** This booking's shipments, answered by `answer`. */
const answering = (
  answer: () => MockAnswer<Shipments> | Promise<MockAnswer<Shipments>>,
): Story['beforeEach'] => {
  return ({ msw }) =>
    msw.use(
      mock(shipmentPlanningApi.bookingShipments, ({ params }) =>
        params.id === bookingId ? answer() : nextHandler,
      ),
    );
};

export const Carried: Story = {
  beforeEach: answering(() => carriedBooking),
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'การขนส่ง' }));
    await expect(
      await section.findByRole('heading', {
        name: /^SH20261104000001 · รถ 70-1234 กรุงเทพมหานคร · คนขับ สมชาย/,
      }),
    ).toBeVisible();
    const rows = section.getAllByRole('row');
    await expect(rows).toHaveLength(7);
    await expect(rows[1]).toHaveTextContent(/เช็คอิน.*07:45.*07:41/);
    await expect(rows[3]).toHaveTextContent(/ขึ้นสินค้าเสร็จ.*08:30-$/);
  },
};

/** On a phone the stages are cards, plan then actual, with nothing to scroll sideways. */
export const PhoneWidth: Story = {
  args: { width: 360 },
  beforeEach: answering(() => carriedBooking),
  play: async ({ canvas, canvasElement }) => {
    const list = await canvas.findByRole('list', { name: /^เวลาของใบขนส่ง/ });
    const stages = within(list).getAllByRole('listitem');
    await expect(stages).toHaveLength(6);
    await expect(stages[0]).toHaveTextContent(/เช็คอิน.*07:45.*07:41/);
    const page = canvasElement.querySelector('[data-story-root] > div') as HTMLElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(362);
  },
};

export const NotOnATruckYet: Story = {
  beforeEach: answering(() => []),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ยังไม่ได้จัดรถ')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: answering(() => neverAnswered()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('กำลังโหลดการขนส่ง...');
  },
};

export const ServerError: Story = {
  beforeEach: answering(() => refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ระบบขัดข้อง กรุณาลองใหม่');
  },
};
