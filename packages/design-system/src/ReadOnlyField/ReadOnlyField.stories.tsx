import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { expectNoSideScroll, phoneViewport } from '../Field/storyHelpers.tsx';
import { formatNumber } from '../NumberField/formatNumber.ts';
import { ReadOnlyField } from './ReadOnlyField.tsx';

const meta = {
  title: 'Design system/Form fields/ReadOnlyField',
  component: ReadOnlyField,
  tags: ['autodocs'],
  args: { label: 'ทะเบียนรถ', value: '1กข 1234 เชียงใหม่' },
} satisfies Meta<typeof ReadOnlyField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: detail pages show values with the same labels as the form, without boxes. */
export const DetailPage: Story = {
  render: () => (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 16, maxWidth: 600 }}
    >
      <ReadOnlyField label="ทะเบียนรถ" value="1กข 1234 เชียงใหม่" />
      <ReadOnlyField label="ประเภทรถ" value="รถบรรทุก 6 ล้อ" />
      <ReadOnlyField label="น้ำหนักบรรทุกสูงสุด (กก.)" value={formatNumber(6000)} />
      <ReadOnlyField label="หมายเหตุ" value={null} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'น้ำหนักบรรทุกสูงสุด (กก.)' })).toHaveTextContent('6,000.00');
  },
};

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'ทะเบียนรถ' })).toHaveTextContent('1กข 1234 เชียงใหม่');
  },
};

/** Empty values show '-' (spec §9). */
export const Empty: Story = {
  args: { value: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'ทะเบียนรถ' })).toHaveTextContent('-');
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'ที่อยู่สำหรับจัดส่ง',
    value: 'เลขที่ 99/9 หมู่ 4 ถนนเชียงใหม่–ลำปาง ตำบลท่าศาลา อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50000\nโทร 053-123-456',
  },
  render: (args) => (
    <div style={{ maxWidth: 280 }}>
      <ReadOnlyField {...args} />
    </div>
  ),
  play: expectNoSideScroll,
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group').getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
