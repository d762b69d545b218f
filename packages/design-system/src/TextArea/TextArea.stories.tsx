import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { phoneViewport, renderControlled, textbox } from '../Field/storyHelpers.tsx';
import { TextArea } from './TextArea.tsx';

const meta = {
  title: 'Design system/Form fields/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'หมายเหตุ', value: 'ส่งสินค้าก่อนเที่ยง', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: multi-line text; Enter makes a new line instead of submitting the form. */
export const Controlled: Story = {
  render: renderControlled(TextArea, ''),
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'หมายเหตุ' });
    await userEvent.type(textarea, 'บรรทัดแรก{Enter}บรรทัดสอง');
    await expect(textarea).toHaveValue('บรรทัดแรก\nบรรทัดสอง');
  },
};

export const WithError: Story = {
  args: { isRequired: true, value: '', error: 'กรุณาระบุ หมายเหตุ' },
  play: textbox.showsError('กรุณาระบุ หมายเหตุ'),
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: textbox.isDisabled,
};

export const LongThaiText: Story = {
  args: {
    rows: 4,
    value:
      'กรุณาโทรแจ้งผู้รับสินค้าล่วงหน้าอย่างน้อยสามสิบนาทีก่อนถึงปลายทาง เนื่องจากอาคารมีการจำกัดเวลาเข้าออกของรถบรรทุกในช่วงเช้าและเย็น และต้องแลกบัตรที่ป้อมยามก่อนเข้าพื้นที่',
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox');
    await expect(textarea.scrollWidth).toBeLessThanOrEqual(textarea.clientWidth);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: textbox.fitsPhone,
};
