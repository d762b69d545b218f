import { type CustomerDelivery, deliveryApi, deliveryMessages, deliveryStatusText } from '@lms/domain';
import { mock, neverAnswered, refusal } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DeliveryStatus } from './DeliveryStatus.tsx';

const base: CustomerDelivery = {
  state: 'PLANNED',
  stateLabel: 'นัดส่งแล้ว',
  plannedTime: '10:30',
  eta: null,
  stopsBefore: null,
  deliveredAt: null,
  recipient: null,
  orders: [
    { docNo: 'DO6100001234', qty: 10, delivered: null },
    { docNo: 'DO6100001235', qty: 4, delivered: null },
  ],
  reasonLabel: null,
  next: null,
};
const meta = {
  title: 'Pages/Appointment link/Delivery status',
  component: DeliveryStatus,
  args: { token: 'AAAAAAAAAAAAAAAAAAAAAA.story' },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof DeliveryStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

const answer = (delivery: Partial<CustomerDelivery> | null): Pick<Story, 'beforeEach'> => ({
  beforeEach({ msw }) {
    msw.use(mock(deliveryApi.customer, () => (delivery ? [{ ...base, ...delivery }] : [])));
  },
});

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mock(deliveryApi.customer, () => neverAnswered()));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(deliveryStatusText.loading)).toBeVisible();
  },
};

/** No trip yet: nothing beside the appointment. */
export const NotPlannedYet: Story = {
  ...answer(null),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toBe(''));
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mock(deliveryApi.customer, () => refusal(429, 'เรียกบ่อยเกินไป')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(deliveryStatusText.error)).toBeVisible();
  },
};

export const Planned: Story = {
  ...answer({}),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(deliveryStatusText.planned('10:30'))).toBeVisible();
  },
};

export const OnTheWay: Story = {
  ...answer({ state: 'ON_THE_WAY', stateLabel: 'กำลังไปส่ง', stopsBefore: 2, eta: '11:05' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('อีก 2 จุดก่อนถึงคุณ · คาดว่าจะถึงประมาณ 11:05 น.')).toBeVisible();
  },
};

export const Delivered: Story = {
  ...answer({
    state: 'DELIVERED',
    stateLabel: 'ส่งสินค้าแล้ว',
    deliveredAt: '2025-11-28T04:12:00.000Z',
    recipient: 'สมศรี รับของ',
    orders: [{ docNo: 'DO6100001234', qty: 10, delivered: 10 }],
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(deliveryStatusText.deliveredAt('11:12'))).toBeVisible();
    await expect(canvas.getByText(deliveryStatusText.recipient('สมศรี รับของ'))).toBeVisible();
  },
};

export const Partial: Story = {
  ...answer({
    state: 'PARTIAL',
    stateLabel: 'ส่งสินค้าได้บางส่วน',
    deliveredAt: '2025-11-28T04:12:00.000Z',
    recipient: 'ผู้จัดการร้าน',
    orders: [
      { docNo: 'DO6100001234', qty: 10, delivered: 4 },
      { docNo: 'DO6100001235', qty: 4, delivered: 4 },
    ],
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('DO6100001234: ส่งแล้ว 4 จาก 10')).toBeVisible();
  },
};

/** Not delivered: the reason and what happens next, in long Thai, at a phone's width. */
export const NotDelivered: Story = {
  ...answer({
    state: 'FAILED',
    stateLabel: 'ส่งสินค้าไม่สำเร็จ',
    reasonLabel: 'เข้าพื้นที่ส่งไม่ได้ (ถนนหน้าโครงการปิดซ่อมท่อระบายน้ำตลอดทั้งวัน รถบรรทุกหกล้อเข้าซอยไม่ได้)',
    next: deliveryMessages.nextAfterFailure,
    orders: [{ docNo: 'DO6100001234', qty: 10, delivered: 0 }],
  }),
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(deliveryMessages.nextAfterFailure)).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
