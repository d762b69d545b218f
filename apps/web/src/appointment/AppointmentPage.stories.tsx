import { cssVariables } from '@lms/design-system';
import {
  type AppointmentView,
  appointmentHtml,
  appointmentPath,
  appointmentText,
  type CustomerDelivery,
  deliveryStatusText,
  type MoveOption,
  type PublicAppointment,
  type RebookOffer,
} from '@lms/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useRef } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import pageCss from './appointment.css?inline';
import { oneSubmitPerPress } from './oneSubmitPerPress.ts';

/**
 * The customer's appointment page as the link opens it: the server's own HTML (`appointmentHtml`
 * from @lms/domain, the one definition the server sends) with the page's own stylesheet, not a
 * React copy of it. It is drawn in a shadow root so that its page-wide styles (`body`, `h1`,
 * `.button`) stay out of the other stories, which share this iframe; `body` and `:root` become
 * the shadow root's host. The page has no loading state: the server sends it whole.
 *
 * A form's submission is kept (`posted`) instead of leaving the story: what the customer's
 * browser would post, and where.
 */
const posted: { method: string; action: string; choice: string | null }[] = [];
const shadowCss = `:host {\n${cssVariables()}\n}\n${pageCss.replace(/\bhtml,\s*body\b|\bbody\b/g, ':host')}`;

interface PageProps {
  readonly view: AppointmentView;
  /** false: scripts slow or failing, the page as the browser draws the server's HTML alone. */
  readonly scripts?: boolean;
  /** The phone's width (px); the page is as wide as the story's frame without it. */
  readonly width?: number;
}

function CustomerPage({ view, scripts = true, width }: PageProps) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${shadowCss}</style>${appointmentHtml(view)}`;
    if (scripts) oneSubmitPerPress(root);
    posted.length = 0;
    for (const form of root.querySelectorAll('form'))
      form.addEventListener('submit', (event) => {
        if (event.defaultPrevented) return;
        event.preventDefault();
        const button = event.submitter as HTMLButtonElement | null;
        posted.push({
          method: form.method,
          action: new URL(form.action).pathname,
          choice: button?.name === 'choice' ? button.value : null,
        });
      });
  }, [view, scripts]);
  return <div ref={host} data-customer-page="" style={width ? { width } : undefined} />;
}

/** The page's content, for Testing Library (its queries do not enter a shadow root by themselves). */
async function pageOf(canvasElement: HTMLElement) {
  const root = await waitFor(() => {
    const shadow = canvasElement.querySelector('[data-customer-page]')?.shadowRoot;
    if (!shadow?.querySelector('main')) throw new Error('the page is not drawn yet');
    return shadow;
  });
  return within(root as unknown as HTMLElement);
}

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.story';

const appointment: PublicAppointment = {
  docNo: 'BK20261125000012',
  customer: 'ร้านวัสดุทองดี สาขาบางนา',
  branchName: 'สาขา กรุงเทพมหานคร',
  branchPhone: '02-123-4567',
  date: '2026-11-25',
  shiftName: 'เช้า',
  shiftStart: '08:00',
  shiftEnd: '12:00',
  time: '09:30',
  orders: ['DO6100001234', 'DO6100001235'],
  confirmed: false,
  expiresAt: '2026-11-25T17:00:00.000Z',
};
// Choices are opaque names the server makes (no slot id in them): the page only sends one back.
const options: MoveOption[] = [
  {
    choice: 'q3Zb1xT0mW8rK2pL9vN4cA',
    date: '2026-11-26',
    shiftName: 'บ่าย',
    shiftStart: '13:00',
    shiftEnd: '17:00',
  },
  {
    choice: 'Hf7-dS2_kQ0aZ5yT3uB8eW',
    date: '2026-11-27',
    shiftName: 'เช้า',
    shiftStart: '08:00',
    shiftEnd: '12:00',
  },
];
const planned: CustomerDelivery = {
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
const failed: CustomerDelivery = {
  ...planned,
  state: 'FAILED',
  stateLabel: 'ส่งไม่สำเร็จ',
  plannedTime: null,
  reasonLabel: 'ร้านปิด',
  next: 'สาขาจะติดต่อกลับเพื่อนัดส่งใหม่',
  orders: planned.orders.map((o) => ({ ...o, delivered: 0 })),
};

const view = (more: Partial<Extract<AppointmentView, { kind: 'appointment' }>> = {}): AppointmentView => ({
  kind: 'appointment',
  token: TOKEN,
  appointment,
  buddhistEra: true,
  deliveries: [],
  ...more,
});

const meta = {
  title: 'Pages/Appointment link',
  component: CustomerPage,
  args: { view: view() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CustomerPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Appointment: Story = {
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    const card = page.getByRole('region', { name: appointmentText.title });
    await expect(card).toHaveTextContent('ร้านวัสดุทองดี สาขาบางนา');
    // The day in the company's era (Buddhist here), the shift's hours and the planned time.
    await expect(card).toHaveTextContent('25/11/2569');
    await expect(card).toHaveTextContent('เช้า (08:00–12:00 น.)');
    await expect(card).toHaveTextContent('09:30 น.');
    await expect(card).toHaveTextContent('DO6100001234, DO6100001235');
    await expect(page.getByRole('link', { name: 'โทรหาสาขา 02-123-4567' })).toHaveAttribute(
      'href',
      'tel:021234567',
    );
    // Confirming is a real form to the page's own path: one press posts once, however often it is pressed.
    const confirm = page.getByRole('button', { name: appointmentText.confirm });
    await userEvent.click(confirm);
    await userEvent.click(confirm);
    await expect(posted).toEqual([
      { method: 'post', action: appointmentPath(TOKEN, 'confirm'), choice: null },
    ]);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
  },
};

/** Scripts slow or failing: the same forms post (the browser's own submission, no script). */
export const WithoutScripts: Story = {
  args: { scripts: false },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await userEvent.click(page.getByRole('button', { name: appointmentText.move }));
    // Asking for the choices is a GET of the page itself (`move=1`): it changes nothing.
    await expect(posted).toEqual([{ method: 'get', action: appointmentPath(TOKEN), choice: null }]);
    await userEvent.click(page.getByRole('button', { name: appointmentText.confirm }));
    await expect(posted).toHaveLength(2);
  },
};

export const Confirmed: Story = {
  args: { view: view({ appointment: { ...appointment, confirmed: true }, note: appointmentText.confirmed }) },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent(appointmentText.confirmed);
    // Confirmed once: the button goes, moving stays possible.
    await expect(page.queryByRole('button', { name: appointmentText.confirm })).toBeNull();
    await expect(page.getByRole('button', { name: appointmentText.move })).toBeEnabled();
  },
};

export const MoveOptions: Story = {
  args: { view: view({ move: { options, reason: null } }) },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByRole('heading', { name: appointmentText.chooseSlot })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: '26/11/2569 บ่าย (13:00–17:00 น.)' }));
    await expect(posted).toEqual([
      { method: 'post', action: appointmentPath(TOKEN, 'move'), choice: options[0]!.choice },
    ]);
    await expect(page.getByRole('link', { name: appointmentText.cancelMove })).toHaveAttribute(
      'href',
      appointmentPath(TOKEN),
    );
  },
};

const CLOSED = 'กะเช้า 25/11/2569 รถเข้ารับสินค้าแล้ว จึงเลื่อนนัดทางลิงก์นี้ไม่ได้ หากต้องการเลื่อน กรุณาโทรหาสาขา';

/** A booking whose own shift is closed is offered nothing, and the page says why. */
export const NoMoveWhenShiftClosed: Story = {
  args: { view: view({ move: { options: [], reason: CLOSED } }) },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByText(CLOSED)).toBeVisible();
    await expect(page.queryByRole('button', { name: /^\d{2}\/\d{2}\/\d{4} / })).toBeNull();
  },
};

const PLANNED_STAYS = 'กะเช้า 25/11/2569 จัดรถส่งแล้ว จึงเลื่อนนัดทางลิงก์นี้ไม่ได้ หากต้องการเลื่อน กรุณาโทรหาสาขา';

/**
 * A booking the link cannot move (its truck planned, say): the page says why where the move's
 * button would be, so the customer is not sent to a choice with none in it; confirming stays.
 */
export const CannotMove: Story = {
  args: { view: view({ deliveries: [planned], unmovable: PLANNED_STAYS }), width: 390 },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByText(PLANNED_STAYS)).toBeVisible();
    await expect(page.queryByRole('button', { name: appointmentText.move })).toBeNull();
    await userEvent.click(page.getByRole('button', { name: appointmentText.confirm }));
    await expect(posted).toEqual([
      { method: 'post', action: appointmentPath(TOKEN, 'confirm'), choice: null },
    ]);
  },
};

export const Moved: Story = {
  args: {
    view: view({ appointment: { ...appointment, ...options[0]!, time: null }, note: appointmentText.moved }),
  },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent(appointmentText.moved);
    const card = page.getByRole('region', { name: appointmentText.title });
    await expect(card).toHaveTextContent('26/11/2569');
    await expect(card).toHaveTextContent('บ่าย (13:00–17:00 น.)');
    await expect(card).not.toHaveTextContent(appointmentText.time);
  },
};

const EXPIRED = 'ลิงก์นี้หมดอายุหรือนัดส่งสินค้านี้ถูกยกเลิกแล้ว กรุณาติดต่อสาขา';
export const Expired: Story = {
  args: { view: { kind: 'notice', message: EXPIRED } },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent(EXPIRED);
    await expect(page.queryByRole('button')).toBeNull();
  },
};

/** What the customer asked was refused: the server's Thai words above the appointment, which stays. */
export const Refused: Story = {
  args: { view: view({ error: appointmentText.chooseFromList }) },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent(appointmentText.chooseFromList);
    await expect(page.getByRole('button', { name: appointmentText.confirm })).toBeEnabled();
  },
};

/** The delivery's state could not be read: the appointment still shows. */
export const DeliveryUnknown: Story = {
  args: { view: view({ deliveries: null }) },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByText(deliveryStatusText.error)).toBeVisible();
    await expect(page.getByRole('region', { name: appointmentText.title })).toBeVisible();
  },
};

const deliveryStory = (delivery: Partial<CustomerDelivery>, ...expected: string[]): Story => ({
  args: {
    view: view({
      appointment: { ...appointment, confirmed: true },
      deliveries: [{ ...planned, ...delivery }],
    }),
  },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    const state = page.getByRole('region', { name: deliveryStatusText.title });
    for (const words of expected) await expect(state).toHaveTextContent(words);
  },
});

export const Planned = deliveryStory({}, 'นัดส่งแล้ว', deliveryStatusText.planned('10:30'));
export const OnTheWay = deliveryStory(
  { state: 'ON_THE_WAY', stateLabel: 'กำลังไปส่ง', stopsBefore: 2, eta: '11:05' },
  deliveryStatusText.onTheWay(2, '11:05'),
);
export const Delivered = deliveryStory(
  {
    state: 'DELIVERED',
    stateLabel: 'ส่งแล้ว',
    deliveredAt: '2026-11-25T03:42:00.000Z',
    recipient: 'สมชาย ใจดี',
    orders: planned.orders.map((o) => ({ ...o, delivered: o.qty })),
  },
  deliveryStatusText.deliveredAt('10:42'),
  deliveryStatusText.recipient('สมชาย ใจดี'),
  'DO6100001234: 10',
);
export const Partial = deliveryStory(
  {
    state: 'PARTIAL',
    stateLabel: 'ส่งได้บางส่วน',
    deliveredAt: '2026-11-25T03:42:00.000Z',
    recipient: 'สมชาย ใจดี',
    orders: [
      { docNo: 'DO6100001234', qty: 10, delivered: 6 },
      { docNo: 'DO6100001235', qty: 4, delivered: 4 },
    ],
  },
  deliveryStatusText.ordered('DO6100001234', 10, 6),
);
export const Failed = deliveryStory(failed, deliveryStatusText.reason('ร้านปิด'), failed.next!);

const rebook: RebookOffer = {
  orders: [{ docNo: 'DO6100001234', qty: 10 }],
  options: [
    {
      choice: 'eyJzIjpbXX0.q3Zb1xT0mW8rK2pL9vN4cA',
      slots: [{ date: '2026-11-27', shiftName: 'เช้า', shiftStart: '08:00', shiftEnd: '12:00' }],
    },
  ],
  whyNot: [
    {
      date: '2026-11-26',
      ruleLabel: 'น้ำหนักรวม',
      message: 'น้ำหนักรวม 5,200 กก. เกินความจุที่เหลือของกะ 4,000 กก.',
    },
  ],
  reason: null,
};

/** A failed delivery's link offers new days: the failure says to choose below, not only to wait. */
export const Rebook: Story = {
  args: { view: view({ deliveries: [failed], rebook }) },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    const state = page.getByRole('region', { name: deliveryStatusText.title });
    await expect(state).toHaveTextContent(appointmentText.rebookBelow);
    await expect(state).not.toHaveTextContent(failed.next!);
    await expect(page.queryByRole('button', { name: appointmentText.confirm })).toBeNull();
    await userEvent.click(page.getByText(appointmentText.rebookWhyNot));
    await expect(page.getByText(/เกินความจุที่เหลือของกะ/)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: '27/11/2569 เช้า (08:00–12:00 น.)' }));
    await expect(posted).toEqual([
      { method: 'post', action: appointmentPath(TOKEN, 'rebook'), choice: rebook.options[0]!.choice },
    ]);
  },
};

const PHONE = 390;
/** Nothing of the page wider than the phone: no sideways scrolling. */
const fitsThePhone = (canvasElement: HTMLElement) => {
  const host = canvasElement.querySelector<HTMLElement>('[data-customer-page]')!;
  const main = host.shadowRoot!.querySelector('main')!;
  return expect(Math.max(main.scrollWidth, host.scrollWidth)).toBeLessThanOrEqual(PHONE);
};

const LONG_CUSTOMER = 'ห้างหุ้นส่วนจำกัด วัสดุก่อสร้างทองดีพาณิชย์และการโยธา สาขาถนนบางนา-ตราด กิโลเมตรที่สิบเจ็ด ฝั่งขาออก';
export const LongThaiText: Story = {
  args: {
    view: view({
      appointment: {
        ...appointment,
        customer: LONG_CUSTOMER,
        branchName: 'สาขา ศูนย์กระจายสินค้าภาคตะวันออกเฉียงเหนือ จังหวัดนครราชสีมา',
        orders: Array.from({ length: 12 }, (_, i) => `DO61000012${String(i).padStart(2, '0')}`),
      },
      move: { options: [], reason: CLOSED },
    }),
    width: PHONE,
  },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    await expect(page.getByText(LONG_CUSTOMER)).toBeVisible();
    // Long words wrap inside the page: nothing wider than the phone.
    await fitsThePhone(canvasElement);
  },
};

export const PhoneWidth: Story = {
  args: { view: view({ deliveries: [planned] }), width: PHONE },
  play: async ({ canvasElement }) => {
    const page = await pageOf(canvasElement);
    const confirm = page.getByRole('button', { name: appointmentText.confirm });
    // Full-width buttons a thumb can reach, nothing wider than the phone.
    await expect(confirm.getBoundingClientRect().width).toBeGreaterThan(300);
    await fitsThePhone(canvasElement);
  },
};
