import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { SnackbarProvider, useSnackbar } from './SnackbarProvider.tsx';

/** Buttons that raise notifications, as a page would after its operations. */
function Demo() {
  const snackbar = useSnackbar();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Button onPress={() => snackbar.success('บันทึกข้อมูลสำเร็จ')}>สำเร็จ</Button>
      <Button variant="secondary" onPress={() => snackbar.warning('ยังไม่ได้เลือกรถสำหรับบางใบสั่งขาย')}>
        คำเตือน
      </Button>
      <Button variant="danger" onPress={() => snackbar.error('ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้')}>
        ผิดพลาด
      </Button>
      <Button
        variant="danger"
        onPress={() => snackbar.error(['บันทึกไม่สำเร็จ', 'ทะเบียนรถซ้ำกับรถคันอื่น', 'กรุณาระบุ ประเภทรถ'])}
      >
        หลายข้อความ
      </Button>
      <Button variant="ghost" onPress={() => snackbar.errorOnce('ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้')}>
        ผิดพลาดซ้ำ
      </Button>
      <Button variant="ghost" onPress={() => snackbar.toast.success('คัดลอกแล้ว')}>
        แจ้งสั้นสำเร็จ
      </Button>
      <Button variant="ghost" onPress={() => snackbar.toast.error('คัดลอกไม่สำเร็จ')}>
        แจ้งสั้นผิดพลาด
      </Button>
    </div>
  );
}

const meta = {
  title: 'Design system/Snackbar',
  component: SnackbarProvider,
  tags: ['autodocs'],
  // Long durations unless a story tests timing, so a screenshot never races a timer.
  args: {
    children: <Demo />,
    durations: { snackbar: 60_000, errorOnce: 60_000, toastSuccess: 60_000, toastError: 60_000 },
  },
} satisfies Meta<typeof SnackbarProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);
const press = (canvas: ReturnType<typeof within>, name: string) =>
  userEvent.click(canvas.getByRole('button', { name }));

/** Docs: success and warning are polite status messages; errors are alerts. */
export const Usage: Story = {
  play: async ({ canvas }) => {
    await press(canvas, 'สำเร็จ');
    await press(canvas, 'คำเตือน');
    await press(canvas, 'ผิดพลาด');
    await expect(await screen().findByRole('alert')).toHaveTextContent('ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้');
    const statuses = screen().getAllByRole('status');
    await expect(statuses.map((status) => status.textContent)).toEqual([
      'บันทึกข้อมูลสำเร็จ',
      'ยังไม่ได้เลือกรถสำหรับบางใบสั่งขาย',
    ]);
    await expect(screen().getByRole('img', { name: 'ข้อผิดพลาด' })).toBeInTheDocument();
  },
};

/** Several messages of one error are one snackbar, one message per line. */
export const MultipleMessages: Story = {
  play: async ({ canvas }) => {
    await press(canvas, 'หลายข้อความ');
    const alert = await screen().findByRole('alert');
    await expect(alert.querySelector('p')?.textContent).toBe(
      'บันทึกไม่สำเร็จ\nทะเบียนรถซ้ำกับรถคันอื่น\nกรุณาระบุ ประเภทรถ',
    );
    // Line breaks are rendered, not collapsed into spaces.
    await expect(getComputedStyle(alert.querySelector('p')!).whiteSpace).toBe('pre-line');
  },
};

/** At most 3 at once; the next waits and appears when one is closed. */
export const AtMostThree: Story = {
  render: (args) => (
    <SnackbarProvider {...args}>
      <Many count={5} />
    </SnackbarProvider>
  ),
  play: async ({ canvas }) => {
    await press(canvas, 'แจ้ง 5 รายการ');
    await waitFor(() => expect(screen().getAllByRole('alert')).toHaveLength(3));
    await expect(screen().queryByText('รายการที่ 4 ผิดพลาด')).not.toBeInTheDocument();
    await userEvent.click(screen().getAllByRole('button', { name: 'ปิดการแจ้งเตือน' })[0]!);
    await expect(await screen().findByText('รายการที่ 4 ผิดพลาด')).toBeInTheDocument();
    await expect(screen().getAllByRole('alert')).toHaveLength(3);
  },
};

export const UpToTwelve: Story = {
  args: { maxSnackbars: 12 },
  parameters: {
    viewport: { options: { tall: { name: 'Tall', styles: { width: '1200px', height: '1100px' } } } },
  },
  globals: { viewport: { value: 'tall' } },
  render: (args) => (
    <SnackbarProvider {...args}>
      <Many count={14} />
    </SnackbarProvider>
  ),
  play: async ({ canvas }) => {
    await press(canvas, 'แจ้ง 14 รายการ');
    await waitFor(() => expect(screen().getAllByRole('alert')).toHaveLength(12));
  },
};

/** A snackbar closes by itself after its duration (short here; 5000 ms in the app). */
export const AutoDismiss: Story = {
  args: { durations: { snackbar: 300 } },
  play: async ({ canvas }) => {
    await press(canvas, 'สำเร็จ');
    await expect(await screen().findByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(screen().queryByRole('status')).not.toBeInTheDocument(), { timeout: 2000 });
  },
};

/** Hovering a snackbar stops its timer; leaving it lets it close. */
export const PausesOnHover: Story = {
  args: { durations: { snackbar: 300 } },
  play: async ({ canvas }) => {
    await press(canvas, 'ผิดพลาด');
    const alert = await screen().findByRole('alert');
    await userEvent.hover(alert);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(alert).toBeInTheDocument();
    await userEvent.unhover(alert);
    await waitFor(() => expect(screen().queryByRole('alert')).not.toBeInTheDocument(), { timeout: 2000 });
  },
};

/** The same error reported again and again within 2 s is shown once, at the end of the window. */
export const RepeatedErrorShownOnce: Story = {
  args: { durations: { repeatWindow: 400, errorOnce: 60_000 } },
  play: async ({ canvas }) => {
    await press(canvas, 'ผิดพลาดซ้ำ');
    await press(canvas, 'ผิดพลาดซ้ำ');
    await press(canvas, 'ผิดพลาดซ้ำ');
    await expect(screen().queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen().getAllByRole('alert')).toHaveLength(1), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(screen().getAllByRole('alert')).toHaveLength(1);
  },
};

/** An identical message already on screen is not stacked a second time. */
export const IdenticalNotStacked: Story = {
  play: async ({ canvas }) => {
    await press(canvas, 'ผิดพลาด');
    await press(canvas, 'ผิดพลาด');
    await expect(await screen().findAllByRole('alert')).toHaveLength(1);
  },
};

/** Docs: toasts are the second placement: top-right, compact, short (success 2 s, error 4 s). */
export const Toasts: Story = {
  play: async ({ canvas }) => {
    await press(canvas, 'แจ้งสั้นสำเร็จ');
    await press(canvas, 'แจ้งสั้นผิดพลาด');
    const region = screen().getByRole('region', { name: 'ข้อความแจ้งสั้น' });
    await expect(within(region).getByRole('status')).toHaveTextContent('คัดลอกแล้ว');
    await expect(within(region).getByRole('alert')).toHaveTextContent('คัดลอกไม่สำเร็จ');
    const snackbars = screen().getByRole('region', { name: 'การแจ้งเตือน' });
    await expect(within(snackbars).queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ToastTimings: Story = {
  args: { durations: { toastSuccess: 200, toastError: 800 } },
  play: async ({ canvas }) => {
    await press(canvas, 'แจ้งสั้นสำเร็จ');
    await press(canvas, 'แจ้งสั้นผิดพลาด');
    // Success goes first; the error stays longer.
    await waitFor(() => expect(screen().queryByRole('status')).not.toBeInTheDocument(), { timeout: 2000 });
    await expect(screen().getByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(screen().queryByRole('alert')).not.toBeInTheDocument(), { timeout: 2000 });
  },
};

export const KeyboardClose: Story = {
  play: async ({ canvas }) => {
    await press(canvas, 'คำเตือน');
    const status = await screen().findByRole('status');
    within(status).getByRole('button', { name: 'ปิดการแจ้งเตือน' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen().queryByRole('status')).not.toBeInTheDocument());
  },
};

export const Empty: Story = {
  play: async () => {
    await expect(screen().queryByRole('alert')).not.toBeInTheDocument();
    await expect(document.querySelector('[data-overlay]')).toBeNull();
  },
};

export const LongThaiText: Story = {
  render: (args) => (
    <SnackbarProvider {...args}>
      <Raise text="ไม่สามารถบันทึกใบจองรถขนส่งได้เนื่องจากรถบรรทุกหกล้อทะเบียน 1กข 1234 ถูกจองสำหรับเส้นทางเชียงใหม่–ลำปางในช่วงเวลาเดียวกันแล้ว กรุณาเลือกรถคันอื่นหรือเปลี่ยนช่วงเวลา" />
    </SnackbarProvider>
  ),
  play: async ({ canvas }) => {
    await press(canvas, 'แจ้ง');
    const alert = await screen().findByRole('alert');
    await expect(alert.getBoundingClientRect().width).toBeLessThanOrEqual(420);
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
  },
};

export const PhoneWidth: Story = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await press(canvas, 'หลายข้อความ');
    const alert = await screen().findByRole('alert');
    await expect(alert.getBoundingClientRect().width).toBe(328);
  },
};

function Many({ count }: { readonly count: number }) {
  const snackbar = useSnackbar();
  return (
    <Button
      onPress={() => {
        for (let index = 1; index <= count; index++) snackbar.error(`รายการที่ ${index} ผิดพลาด`);
      }}
    >
      {`แจ้ง ${count} รายการ`}
    </Button>
  );
}

function Raise({ text }: { readonly text: string }) {
  const snackbar = useSnackbar();
  return <Button onPress={() => snackbar.error(text)}>แจ้ง</Button>;
}

/** A result with one action (the calendar's "เลิกทำ" after a move): pressing it runs it and closes the snackbar. */
function UndoDemo() {
  const snackbar = useSnackbar();
  const [undone, setUndone] = useState(0);
  return (
    <div>
      <Button
        onPress={() =>
          snackbar.success('ย้าย BK68010001 ไปวันพฤหัสบดีที่ 9 มกราคม 2568 กะเช้า รถ 6 ล้อ แล้ว', {
            action: { label: 'เลิกทำ', onAction: () => setUndone((n) => n + 1) },
            durationMs: 10_000,
          })
        }
      >
        ย้าย
      </Button>
      <p>เลิกทำแล้ว {undone} ครั้ง</p>
    </div>
  );
}

export const WithAnUndoAction: Story = {
  args: { children: <UndoDemo /> },
  play: async ({ canvas }) => {
    await press(canvas, 'ย้าย');
    const bar = await screen().findByRole('status');
    await expect(bar).toHaveTextContent('ย้าย BK68010001');
    await userEvent.click(within(bar).getByRole('button', { name: 'เลิกทำ' }));
    await expect(canvas.getByText('เลิกทำแล้ว 1 ครั้ง')).toBeVisible();
    await waitFor(() => expect(screen().queryByRole('status')).toBeNull());
  },
};
