import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { LoadingDialog } from './LoadingDialog.tsx';

/**
 * The frame a list's dialog shows when it is asked before its chunk has come (a slow link): the
 * press is answered at once, and the way out works while the form is on its way.
 */
const meta = {
  title: 'Pages/Loading dialog',
  component: LoadingDialog,
  args: { mode: 'create', title: 'เพิ่มลูกค้า', onClose: fn() },
} satisfies Meta<typeof LoadingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "เพิ่มลูกค้า" pressed: the dialog's title, the loading bar and status; save waits, ยกเลิก leaves. */
export const FormOnItsWay: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'เพิ่มลูกค้า' }));
    await expect(dialog.getByRole('status')).toHaveTextContent('กำลังโหลดแบบฟอร์ม...');
    await expect(dialog.getByRole('progressbar', { name: 'กำลังโหลดข้อมูล' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'บันทึก' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'ยกเลิก' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** A bulk action's frame (`show`: only ปิด), its title as the action's own dialog will say it. */
export const BulkActionOnItsWay: Story = {
  args: { mode: 'show', title: 'ลบยานพาหนะ 2 รายการ?', maxWidth: 'sm' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'ลบยานพาหนะ 2 รายการ?' }));
    await expect(dialog.queryByRole('button', { name: 'บันทึก' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'ปิด' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** A long Thai title on a phone wraps inside the dialog; the way out stays in view. */
export const LongTitleOnPhone: Story = {
  args: {
    mode: 'edit',
    title: 'แก้ไขที่อยู่จัดส่งของร้านค้าปลีกวัสดุก่อสร้างสาขาอำเภอเมืองจังหวัดนครราชสีมาฝั่งถนนมิตรภาพขาออก',
  },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '390px', height: '844px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const cancel = within(dialog).getByRole('button', { name: 'ยกเลิก' });
    await expect(cancel).toBeVisible();
    const box = dialog.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(cancel.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};
