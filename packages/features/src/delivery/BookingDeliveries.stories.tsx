import { type BookingDelivery, deliveryApi, filesApi } from '@lms/domain';
import { boardFixture, fixtureId, mock, neverAnswered, refusal } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { BookingDeliveries, deliveriesText } from './BookingDeliveries.tsx';

const bookingId = fixtureId('bookingReport', 11);
const [trip] = boardFixture;
const delivered: BookingDelivery = {
  shipmentId: trip!.id,
  shipmentDocNo: trip!.docNo,
  licensePlate: trip!.licensePlate,
  driverName: trip!.driverName,
  stop: { ...trip!.stops[0]!, status: 'PARTIAL' },
  orders: [
    {
      deliveryOrderId: fixtureId('deliveryOrder', 1),
      docNo: 'DO6100001001',
      article: 'กระเบื้องปูพื้น',
      qty: 20,
      delivered: 12,
    },
  ],
  proof: {
    kind: 'partial',
    at: '2025-11-28T03:20:00.000Z',
    position: { lat: 13.71, lon: 100.5, accuracy: 8 },
    recipient: 'สมศรี รับของ (ผู้จัดการสาขาบางนา ได้รับมอบหมายจากเจ้าของร้านให้รับสินค้าแทน)',
    signatureFileId: fixtureId('file', 21),
    photoFileIds: [fixtureId('file', 22), fixtureId('file', 23)],
    reason: null,
    reasonLabel: null,
    reasonText: null,
    note: 'กล่องกระเบื้องแตก 8 กล่อง ส่งคืนคลัง',
  },
  returns: [
    {
      deliveryOrderId: fixtureId('deliveryOrder', 1),
      docNo: 'DO6100001001',
      qty: 8,
      reasonLabel: 'ส่งได้บางส่วน',
      rebookedBookingId: fixtureId('bookingReport', 19),
      rebookedBookingDocNo: 'BK2025120100019',
    },
  ],
};

/** A small image for each thumbnail the page asks for. */
async function thumbnail() {
  const canvas = new OffscreenCanvas(24, 24);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#1f5fae';
  context.fillRect(0, 0, 24, 24);
  return new Response(await canvas.convertToBlob({ type: 'image/png' }), {
    headers: { 'content-type': 'image/png' },
  });
}

function Harness({ width }: { readonly width?: number }) {
  return (
    <PageHarness roles={['ROLE_BOOKING_REPORT_READ']} {...(width ? { width } : {})}>
      <BookingDeliveries bookingId={bookingId} />
    </PageHarness>
  );
}

/** A booking's deliveries on its page (issue 39 item 4): times, proof, quantities, what went back. */
const meta = {
  title: 'Pages/Delivery board/Booking deliveries',
  component: Harness,
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const answering =
  (
    answer: () => ReturnType<Parameters<typeof mock<typeof deliveryApi.bookingDeliveries>>[1]>,
  ): Story['beforeEach'] =>
  ({ msw }) =>
    msw.use(
      mock(deliveryApi.bookingDeliveries, () => answer()),
      mock(filesApi.thumb, () => thumbnail()),
    );

export const Proof: Story = {
  beforeEach: answering(() => [delivered]),
  play: async ({ canvas }) => {
    const card = within(await canvas.findByRole('region', { name: deliveriesText.stop(trip!.docNo, 1) }));
    await expect(card.getByText('ส่งได้บางส่วน', { selector: 'h4 span' })).toBeVisible();
    await expect(card.getByText('กล่องกระเบื้องแตก 8 กล่อง ส่งคืนคลัง')).toBeVisible();
    await expect(card.getByText('DO6100001001: 12 / 20')).toBeVisible();
    await expect(card.getByText(/จองใหม่แล้ว: BK2025120100019/)).toBeVisible();
    await waitFor(() => expect(card.getByRole('img', { name: deliveriesText.signature })).toBeVisible());
    await waitFor(() => expect(card.getAllByRole('img')).toHaveLength(3));
  },
};

export const NoDeliveryYet: Story = {
  beforeEach: answering(() => []),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(deliveriesText.none)).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: answering(() => neverAnswered()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(deliveriesText.loading)).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach: answering(() => refusal(403, 'คุณไม่มีสิทธิ์ใช้งานหน้านี้')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('คุณไม่มีสิทธิ์ใช้งานหน้านี้');
  },
};

export const PhoneWidth: Story = {
  ...Proof,
  args: { width: 390 },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('region', { name: deliveriesText.stop(trip!.docNo, 1) });
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};
