import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { FormDialog } from './FormDialog.tsx';

/** A stand-in form: the entity pages put react-final-form fields here. */
function DemoForm({ onSubmit }: { readonly onSubmit?: () => void }) {
  return (
    <form
      id="province-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
      style={{ display: 'grid', gap: 8 }}
    >
      <label htmlFor="province-name">ชื่อจังหวัด</label>
      <input
        id="province-name"
        defaultValue="เชียงใหม่"
        style={{ height: 44, font: 'inherit', padding: '0 12px' }}
      />
    </form>
  );
}

const meta = {
  title: 'Design system/FormDialog',
  component: FormDialog,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    isOpen: true,
    mode: 'edit',
    title: 'แก้ไขจังหวัด',
    children: <DemoForm />,
    onClose: fn(),
    onSave: fn(),
    onDelete: fn(),
  },
  argTypes: {
    mode: { control: 'inline-radio', options: ['create', 'edit', 'show'] },
    maxWidth: { control: 'inline-radio', options: ['xs', 'sm', 'md'] },
  },
} satisfies Meta<typeof FormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** Docs: a page opens the dialog; the form inside submits through `formId`. */
export const OpenFromPage: Story = {
  args: { isOpen: false },
  render: function Render(args) {
    const [isOpen, setOpen] = useState(false);
    const [saved, setSaved] = useState(0);
    return (
      <div style={{ padding: 16 }}>
        <Button onPress={() => setOpen(true)}>เพิ่มจังหวัด</Button>
        <p>บันทึกแล้ว {saved} ครั้ง</p>
        <FormDialog
          {...args}
          mode="create"
          title="เพิ่มจังหวัด"
          formId="province-form"
          isOpen={isOpen}
          onClose={() => setOpen(false)}
        >
          <DemoForm
            onSubmit={() => {
              setSaved((count) => count + 1);
              setOpen(false);
            }}
          />
        </FormDialog>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'เพิ่มจังหวัด' }));
    const dialog = await screen().findByRole('dialog', { name: 'เพิ่มจังหวัด' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByText('บันทึกแล้ว 1 ครั้ง')).toBeInTheDocument();
    // Focus goes back to the button that opened the dialog (restored once the overlay has left,
    // a frame after it is gone from the tree: on a busy machine that frame comes late).
    await waitFor(() => expect(canvas.getByRole('button', { name: 'เพิ่มจังหวัด' })).toHaveFocus());
  },
};

export const Create: Story = {
  args: { mode: 'create', title: 'เพิ่มจังหวัด' },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'เพิ่มจังหวัด' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    await expect(buttons).toEqual(['ยกเลิก', 'บันทึก']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

export const Edit: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'แก้ไขจังหวัด' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    await expect(buttons).toEqual(['ลบ', 'ยกเลิก', 'บันทึก']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Show: Story = {
  args: { mode: 'show', title: 'รายละเอียดจังหวัด', children: <p>เชียงใหม่</p> },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'รายละเอียดจังหวัด' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    await expect(buttons).toEqual(['ปิด']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Escape never closes the dialog: a half-filled form is not lost by a stray key. */
export const EscapeDoesNotClose: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('textbox'));
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(screen().getByRole('dialog')).toBeInTheDocument();
  },
};

/** Keyboard: focus is trapped in the dialog and Tab cycles through its controls. */
export const Keyboard: Story = {
  args: { mode: 'create', title: 'เพิ่มจังหวัด' },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.tab();
    await expect(within(dialog).getByRole('textbox')).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
  },
};

export const BackdropClickCloses: Story = {
  play: async ({ args }) => {
    await screen().findByRole('dialog');
    await userEvent.click(document.body, { skipHover: true });
    await userEvent.pointer({ keys: '[MouseLeft]', coords: { clientX: 5, clientY: 5 } });
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

export const BackdropClickDisabled: Story = {
  args: { isDismissable: false },
  play: async ({ args }) => {
    await screen().findByRole('dialog');
    await userEvent.pointer({ keys: '[MouseLeft]', coords: { clientX: 5, clientY: 5 } });
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(screen().getByRole('dialog')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog');
    await expect(dialog.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('progressbar', { name: 'กำลังโหลดข้อมูล' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'บันทึก' });
    await expect(save).toBeDisabled();
    await userEvent.click(save, { pointerEventsCheck: 0 });
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Saving: Story = {
  args: { isSaving: true },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog');
    await expect(within(dialog).getByRole('progressbar', { name: 'กำลังบันทึกข้อมูล' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: /กำลังดำเนินการ/ })).toHaveAttribute(
      'data-pending',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: 'ลบ' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /กำลังดำเนินการ/ }));
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const MediumFullWidth: Story = {
  args: { maxWidth: 'md', fullWidth: true },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    await expect(dialog.parentElement?.getBoundingClientRect().width).toBe(900);
  },
};

export const LongThaiText: Story = {
  args: {
    title: 'แก้ไขการตั้งค่าราคาค่าขนส่งที่แนะนำสำหรับรถขนส่งประเภทรถบรรทุกหกล้อในเขตกรุงเทพมหานครและปริมณฑล',
    fullWidth: true,
    children: (
      <p>{'การเปลี่ยนแปลงราคาค่าขนส่งจะมีผลกับใบจองทั้งหมดที่ยังไม่ได้ยืนยัน กรุณาตรวจสอบข้อมูลให้ถูกต้องก่อนบันทึก '.repeat(12)}</p>
    ),
  },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    const surface = dialog.parentElement!;
    // The surface stays inside the viewport; only the body scrolls.
    await expect(surface.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight);
    await expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeVisible();
  },
};

/** At phone width the dialog keeps a 16 px margin and its actions wrap. */
export const PhoneWidth: Story = {
  args: { fullWidth: true },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    await expect(dialog.parentElement!.getBoundingClientRect().width).toBe(360 - 32);
  },
};
