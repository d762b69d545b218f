import {
  appointmentApi,
  appointmentText,
  deliveryApi,
  type MoveOption,
  type PublicAppointment,
} from '@lms/domain';
import { type MockAnswer, mock, neverAnswered, refusal } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { AppointmentPage } from './AppointmentPage.tsx';

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

interface Server {
  readonly read?: () =>
    | MockAnswer<typeof appointmentApi.read>
    | Promise<MockAnswer<typeof appointmentApi.read>>;
  readonly moved?: string[];
  readonly options?: () => MockAnswer<typeof appointmentApi.options>;
}
function mockServer(msw: { use: (...handlers: never[]) => void }, server: Server = {}) {
  const handlers = [
    // No trip planned yet: the page shows no delivery state (DeliveryStatus.stories.tsx has them).
    mock(deliveryApi.customer, () => []),
    mock(appointmentApi.read, () => server.read?.() ?? appointment),
    mock(appointmentApi.confirm, () => ({ ...appointment, confirmed: true })),
    mock(appointmentApi.options, () => server.options?.() ?? { options }),
    mock(appointmentApi.move, ({ body: { choice } }) => {
      server.moved?.push(choice);
      const option = options.find((o) => o.choice === choice)!;
      return { ...appointment, ...option, time: null };
    }),
  ];
  msw.use(...(handlers as never[]));
}

const meta = {
  title: 'Pages/Appointment link',
  component: AppointmentPage,
  args: { token: TOKEN },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppointmentPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    mockServer(msw, {
      read: () => neverAnswered(),
    });
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(appointmentText.loading);
  },
};

export const Appointment: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: appointmentText.title });
    await expect(card).toHaveTextContent('ร้านวัสดุทองดี สาขาบางนา');
    // The day in the Buddhist era, the shift's hours and the planned time.
    await expect(card).toHaveTextContent('25/11/2569');
    await expect(card).toHaveTextContent('เช้า (08:00–12:00 น.)');
    await expect(card).toHaveTextContent('09:30 น.');
    await expect(card).toHaveTextContent('DO6100001234, DO6100001235');
    await expect(canvas.getByRole('link', { name: 'โทรหาสาขา 02-123-4567' })).toHaveAttribute(
      'href',
      'tel:021234567',
    );
    await expect(canvas.getByRole('button', { name: appointmentText.confirm })).toBeEnabled();
  },
};

export const Confirmed: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: appointmentText.confirm }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(appointmentText.confirmed);
    // Confirmed once: the button goes, moving stays possible.
    await expect(canvas.queryByRole('button', { name: appointmentText.confirm })).toBeNull();
    await expect(canvas.getByRole('button', { name: appointmentText.move })).toBeEnabled();
  },
};

export const MoveOptions: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: appointmentText.move }));
    await expect(await canvas.findByRole('heading', { name: appointmentText.chooseSlot })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '26/11/2569 บ่าย (13:00–17:00 น.)' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: '27/11/2569 เช้า (08:00–12:00 น.)' })).toBeEnabled();
  },
};

const CLOSED = 'กะเช้า 25/11/2569 ปิดรับการจองแล้ว จึงย้ายการจองออกจากกะนี้ไม่ได้: รถ 70-1234 เช็คอินเมื่อ 07:40';

/** Issue 43 item 9: a booking whose own shift is closed is offered nothing, and the page says why. */
export const NoMoveWhenShiftClosed: Story = {
  beforeEach({ msw }) {
    mockServer(msw, { options: () => ({ options: [], reason: CLOSED }) });
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: appointmentText.move }));
    await expect(await canvas.findByText(CLOSED)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^\d{2}\/\d{2}\/\d{4} / })).toBeNull();
  },
};

const moved: string[] = [];
export const Moved: Story = {
  beforeEach({ msw }) {
    moved.length = 0;
    mockServer(msw, { moved });
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: appointmentText.move }));
    await userEvent.click(await canvas.findByRole('button', { name: '26/11/2569 บ่าย (13:00–17:00 น.)' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(appointmentText.moved);
    await expect(moved).toEqual([options[0]!.choice]);
    const card = canvas.getByRole('region', { name: appointmentText.title });
    await expect(card).toHaveTextContent('26/11/2569');
    await expect(card).toHaveTextContent('บ่าย (13:00–17:00 น.)');
  },
};

export const Expired: Story = {
  beforeEach({ msw }) {
    mockServer(msw, {
      read: () => refusal(410, 'ลิงก์นี้หมดอายุหรือนัดส่งสินค้านี้ถูกยกเลิกแล้ว กรุณาติดต่อสาขา'),
    });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('หมดอายุ');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const NotFound: Story = {
  beforeEach({ msw }) {
    mockServer(msw, {
      read: () => refusal(404, 'ไม่พบข้อมูลที่ต้องการ'),
    });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(appointmentText.notFound);
  },
};

let failFirst = true;
export const ErrorThenRetry: Story = {
  beforeEach({ msw }) {
    failFirst = true;
    mockServer(msw, {
      read: () => {
        if (!failFirst) return appointment;
        failFirst = false;
        return refusal(500, 'ระบบขัดข้องชั่วคราว');
      },
    });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ระบบขัดข้องชั่วคราว');
    await userEvent.click(canvas.getByRole('button', { name: appointmentText.retry }));
    await waitFor(() => expect(canvas.getByRole('button', { name: appointmentText.confirm })).toBeVisible());
  },
};

export const PhoneWidth: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const confirm = await canvas.findByRole('button', { name: appointmentText.confirm });
    // Full-width buttons a thumb can reach, nothing wider than the phone.
    await expect(confirm.getBoundingClientRect().width).toBeGreaterThan(300);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
