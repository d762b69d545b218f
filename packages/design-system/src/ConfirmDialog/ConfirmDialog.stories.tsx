import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const meta = {
  title: 'Design system/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    isOpen: true,
    title: 'ยืนยันการบันทึก',
    message: 'ต้องการบันทึกการเปลี่ยนแปลงใช่หรือไม่',
    onConfirm: fn(),
    onCancel: fn(),
  },
  argTypes: { variant: { control: 'inline-radio', options: ['default', 'danger'] } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** Docs: ask before deleting; the page runs the delete and keeps the dialog pending meanwhile. */
export const DeleteFlow: Story = {
  args: { isOpen: false },
  render: function Render(args) {
    const [isOpen, setOpen] = useState(false);
    const [deleted, setDeleted] = useState(false);
    return (
      <div style={{ padding: 16 }}>
        <Button variant="danger" onPress={() => setOpen(true)}>
          ลบรถ
        </Button>
        {deleted && <p>ลบแล้ว</p>}
        <ConfirmDialog
          {...args}
          variant="danger"
          title="ลบรถทะเบียน 1กข 1234"
          message="ข้อมูลที่ลบแล้วจะกู้คืนไม่ได้"
          confirmLabel="ลบ"
          isOpen={isOpen}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            setDeleted(true);
            setOpen(false);
          }}
        />
      </div>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ลบรถ' }));
    const dialog = await screen().findByRole('alertdialog', { name: 'ลบรถทะเบียน 1กข 1234' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await waitFor(() => expect(screen().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByText('ลบแล้ว')).toBeInTheDocument();
  },
};

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('alertdialog', { name: 'ยืนยันการบันทึก' });
    await expect(dialog).toHaveAccessibleDescription('ต้องการบันทึกการเปลี่ยนแปลงใช่หรือไม่');
    // The safe, expected action is focused first in the default variant.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'ยืนยัน' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** Danger: focus starts on cancel so Enter never deletes by accident; Escape cancels. */
export const Danger: Story = {
  args: { variant: 'danger', title: 'ลบข้อมูล', message: 'ต้องการลบจังหวัดนี้ใช่หรือไม่', confirmLabel: 'ลบ' },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('alertdialog', { name: 'ลบข้อมูล' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'ยกเลิก' })).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'ลบ' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'ยกเลิก' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const BackdropDoesNotCancel: Story = {
  play: async ({ args }) => {
    await screen().findByRole('alertdialog');
    await userEvent.pointer({ keys: '[MouseLeft]', coords: { clientX: 5, clientY: 5 } });
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { variant: 'danger', title: 'ลบข้อมูล', confirmLabel: 'ลบ', isPending: true },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'ยกเลิก' })).toBeDisabled();
    const confirm = within(dialog).getByRole('button', { name: /กำลังดำเนินการ/ });
    await expect(confirm).toHaveAttribute('data-pending', 'true');
    await userEvent.click(confirm);
    await userEvent.keyboard('{Escape}');
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const LongThaiText: Story = {
  args: {
    title: 'ยืนยันการยกเลิกใบจองรถขนส่งทั้งหมดของสาขาเชียงใหม่ในวันที่เลือกไว้',
    message:
      'ใบจองที่ยกเลิกแล้วจะไม่สามารถนำกลับมาใช้ได้อีก\nรถที่จองไว้จะถูกปล่อยให้สาขาอื่นจองได้ทันที และลูกค้าจะได้รับแจ้งการเปลี่ยนแปลงทางอีเมลที่ลงทะเบียนไว้กับระบบ',
    confirmLabel: 'ยกเลิกใบจองทั้งหมด',
    cancelLabel: 'ไม่ยกเลิก',
    variant: 'danger',
  },
  play: async () => {
    const dialog = await screen().findByRole('alertdialog');
    await expect(dialog.parentElement!.getBoundingClientRect().width).toBe(444);
    await expect(within(dialog).getByText(/ใบจองที่ยกเลิกแล้ว/)).toBeVisible();
  },
};

export const PhoneWidth: Story = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await screen().findByRole('alertdialog');
    await expect(dialog.parentElement!.getBoundingClientRect().width).toBe(328);
  },
};
