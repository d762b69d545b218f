import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  bookingDeliveryOrders,
  bookingHandlers,
  DRAFT_ID,
  noFittingSlot,
  optionAllocations,
  severalOptions,
} from './bookingMocks.ts';
import { kg } from './format.ts';
import { CAPACITY_GONE } from './SummaryStep.tsx';
import { callRecorder, WizardHarness } from './storyHarness.tsx';

const recorder = callRecorder();
const chosen = optionAllocations(severalOptions.options[0]!);

const meta = {
  title: 'Pages/DO Booking/Wizard',
  component: WizardHarness,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WizardHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const location = (canvas: ReturnType<typeof within>) => canvas.getByTestId('location').textContent;

export const InfoNoDeliveryOrders: Story = {
  name: 'Info: no unbooked DOs',
  beforeEach({ msw }) {
    msw.use(...bookingHandlers({ deliveryOrders: [] }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ไม่พบใบส่งสินค้าที่ยังไม่ได้จองตามเงื่อนไขนี้')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' })).toBeDisabled();
  },
};

export const InfoPickTogether: Story = {
  name: 'Info: pick DOs, warning, create the draft',
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...bookingHandlers({ onCall: recorder.onCall }));
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'เลือก DO68010001' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือก DO68010004' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('สถานที่ส่งสินค้าต่างกัน');
    const next = canvas.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' });
    await expect(next).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือก DO68010004' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือก DO68010002' }));
    await expect(canvas.getByText('น้ำหนักรวม').nextSibling).toHaveTextContent('300.00 กก.');
    await userEvent.click(next);
    await waitFor(() => expect(location(canvas)).toBe(`suggestion:${DRAFT_ID}`));
    const draft = recorder.calls.find((call) => call.path === '/api/doBooking/draft');
    await expect(draft?.body).toMatchObject({ allocations: [] });
    await expect((draft?.body as { deliveryOrderIds?: string[] } | undefined)?.deliveryOrderIds).toHaveLength(
      2,
    );
    await expect(await canvas.findByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' })).toBeVisible();
  },
};

export const InfoPickAcrossPages: Story = {
  name: 'Info: pick DOs on two pages',
  beforeEach({ msw }) {
    msw.use(...bookingHandlers({ deliveryOrders: bookingDeliveryOrders(25) }));
  },
  play: async ({ canvas }) => {
    const picked = () => within(canvas.getByRole('list', { name: 'ใบส่งสินค้าที่เลือก' }));
    await expect(await canvas.findByRole('heading', { name: 'ใบส่งสินค้าที่ยังไม่ได้จอง (25 ใบ)' })).toBeVisible();
    await expect(canvas.getByText('1–20 จาก 25')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือก DO68010001' }));
    await userEvent.click(canvas.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(await canvas.findByText('21–25 จาก 25')).toBeVisible();
    const other = (await canvas.findAllByRole('checkbox', { name: /^เลือก DO/ }))[0] as HTMLElement;
    const otherDocNo = other.getAttribute('aria-label')?.replace('เลือก ', '') ?? '';
    await userEvent.click(other);
    // Both stay picked, the one of page 1 with its figures: DO n weighs n × 100 kg.
    await expect(
      picked()
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['DO68010001', otherDocNo]);
    await expect(canvas.getByText('น้ำหนักรวม').nextSibling).toHaveTextContent(
      kg(100 + 100 * Number(otherDocNo.slice(-2))),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'หน้าก่อนหน้า' }));
    await expect(await canvas.findByRole('checkbox', { name: 'เลือก DO68010001' })).toBeChecked();
    // A DO picked on another page can be put back from the picked set.
    await userEvent.click(picked().getByRole('button', { name: `นำออก ${otherDocNo}` }));
    await expect(canvas.getByRole('heading', { name: 'ใบส่งสินค้าที่จะจองรวมกัน (1 ใบ)' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(await canvas.findByRole('checkbox', { name: `เลือก ${otherDocNo}` })).not.toBeChecked();
  },
};

export const SuggestionSeveralOptions: Story = {
  name: 'Suggestion: several options, choose one',
  args: { step: 'suggestion', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...bookingHandlers({ onCall: recorder.onCall }));
  },
  play: async ({ canvas }) => {
    const headings = await canvas.findAllByRole('heading', { name: /^ตัวเลือกที่/ });
    await expect(headings.map((h) => h.textContent)).toEqual(['ตัวเลือกที่ 1 (แนะนำ)', 'ตัวเลือกที่ 2', 'ตัวเลือกที่ 3']);
    // Status by colour AND Thai label.
    await expect(canvas.getAllByText('ใกล้เต็ม').length).toBeGreaterThan(0);
    await expect(canvas.getByText(/รถ 10 ล้อห้ามวิ่ง/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'เลือกตัวเลือกที่ 1' }));
    await waitFor(() => expect(location(canvas)).toBe(`fineTune:${DRAFT_ID}`));
    const put = recorder.calls.find(
      (call) => call.method === 'PUT' && call.path === '/api/doBooking/fineTune',
    );
    await expect(put?.body).toEqual({ version: 1, allocations: chosen });
    await expect(await canvas.findByRole('heading', { name: 'ช่วงรถที่ 1' })).toBeVisible();
  },
};

export const SuggestionNoFittingSlot: Story = {
  name: 'Suggestion: no fitting slot, with reasons',
  args: { step: 'suggestion', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    msw.use(...bookingHandlers({ suggestion: noFittingSlot }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/ไม่มีช่วงรถที่รับใบส่งสินค้าเหล่านี้ได้/)).toBeVisible();
    const strip = canvas.getByRole('list', { name: 'เหตุผลรายวัน' });
    await expect(strip.children).toHaveLength(7);
    await expect(within(strip).getByText(/ห้ามรถ 6 ล้อเข้าตำบลนี้วันพฤหัสบดี/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /เลือกตัวเลือกที่/ })).toBeNull();
  },
};

export const SuggestionPickDayInCalendar: Story = {
  name: 'Suggestion: pick a day in the DO booking calendar',
  args: { step: 'suggestion', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...bookingHandlers({ onCall: recorder.onCall }));
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' });
    const calendar = canvas.getByRole('grid');
    await expect(within(calendar).getAllByText('จองไม่ได้').length).toBeGreaterThan(0);
    const friday = within(calendar)
      .getAllByRole('gridcell')
      .find((cell) => cell.textContent?.startsWith('10'));
    await userEvent.click(friday as HTMLElement);
    await waitFor(() =>
      expect(
        recorder.calls.some((call) => (call.body as { wantedDate?: string })?.wantedDate === '2025-01-10'),
      ).toBe(true),
    );
  },
};

export const FineTuneRuleBroken: Story = {
  name: 'Fine tune: an edit breaks a rule',
  args: { step: 'fineTune', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...bookingHandlers({ draftAllocations: chosen, maxVehicles: 2, onCall: recorder.onCall }));
  },
  play: async ({ canvas }) => {
    const vehicles = await canvas.findByLabelText('จำนวนรถ (คัน)');
    await userEvent.clear(vehicles);
    await userEvent.type(vehicles, '5');
    await userEvent.tab();
    const panel = canvas.getByRole('region', { name: 'ช่วงรถที่ 1' });
    await expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'ความจุ: ช่วงรถนี้เหลือรถว่าง 2 คัน ขอ 5 คันไม่ได้',
    );
    await expect(canvas.getByRole('button', { name: 'ถัดไป: สรุปการจอง' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'ยกเลิกการแก้ไข' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'ถัดไป: สรุปการจอง' })).toBeEnabled());
  },
};

export const FineTuneDeliveryTime: Story = {
  name: 'Fine tune: set the delivery time',
  args: { step: 'fineTune', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...bookingHandlers({ draftAllocations: chosen, onCall: recorder.onCall }));
  },
  play: async ({ canvas }) => {
    const time = await canvas.findByLabelText('เวลาส่งสินค้า');
    await userEvent.type(time, '0930');
    await userEvent.tab();
    await waitFor(() =>
      expect(recorder.calls.at(-1)?.body).toMatchObject({
        version: 1,
        allocations: [{ deliveryTime: '09:30' }],
      }),
    );
    await expect(canvas.getByText('รวมทั้งหมด')).toBeVisible();
  },
};

export const SummaryConfirm: Story = {
  name: 'Summary: confirm',
  args: { step: 'summary', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...bookingHandlers({ draftAllocations: chosen, onCall: recorder.onCall }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('รวมทั้งหมด')).toBeVisible();
    await expect(canvas.getByText('ค่าขนส่ง', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '2,000.00 บาท',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'ยืนยันการจอง' }));
    await expect(await canvas.findByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' })).toBeVisible();
    await expect(recorder.calls.some((call) => call.path === '/api/doBooking/confirm')).toBe(true);
  },
};

export const SummaryConflict: Story = {
  name: 'Summary: 409, capacity went meanwhile',
  args: { step: 'summary', draftId: DRAFT_ID },
  beforeEach({ msw }) {
    msw.use(...bookingHandlers({ draftAllocations: chosen, confirm: 'conflict' }));
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'ยืนยันการจอง' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(CAPACITY_GONE);
    await expect(alert).toHaveTextContent('เหลือ 120.000 กก.');
    await userEvent.click(canvas.getByRole('button', { name: 'ขอคำแนะนำใหม่' }));
    await waitFor(() => expect(location(canvas)).toBe(`suggestion:${DRAFT_ID}`));
    await expect(await canvas.findByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' })).toBeVisible();
  },
};

export const PhoneWidth: Story = {
  name: 'Suggestion at phone width',
  args: { step: 'suggestion', draftId: DRAFT_ID, width: 360 },
  beforeEach({ msw }) {
    msw.use(...bookingHandlers({ deliveryOrders: bookingDeliveryOrders() }));
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' });
    const root = canvasElement.querySelector('[data-story-root]') ?? canvasElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};
