import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { phoneViewport } from '../Field/storyHelpers.tsx';
import { type BranchOption, BranchPicker } from './BranchPicker.tsx';

const provinces = ['เชียงใหม่', 'เชียงราย', 'ลำปาง', 'ลำพูน', 'แพร่', 'น่าน', 'พะเยา', 'แม่ฮ่องสอน', 'ตาก', 'สุโขทัย'];
const branches: readonly BranchOption[] = provinces.map((name, index) => ({
  id: index + 1,
  label: `B${String(index + 1).padStart(3, '0')}: ${name}`,
}));

const meta = {
  title: 'Design system/BranchPicker',
  component: BranchPicker,
  tags: ['autodocs'],
  args: { branches, currentBranchId: 3, onSelect: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 400 }}>{Story()}</div>],
} satisfies Meta<typeof BranchPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: the account menu's branch dialog; the page switches branch in onSelect. */
export const Switching: Story = {
  render: function Render(args) {
    const [current, setCurrent] = useState<BranchOption['id'] | null>(3);
    return <BranchPicker {...args} currentBranchId={current} onSelect={setCurrent} />;
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('option', { name: /B003: ลำปาง/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(canvas.getByRole('option', { name: /B002: เชียงราย/ }));
    await expect(canvas.getByRole('option', { name: /B002: เชียงราย/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('option', { name: /B002: เชียงราย/ })).toHaveTextContent('สาขาปัจจุบัน');
  },
};

/** Typing filters by code or name; arrows and Enter pick without leaving the search box. */
export const SearchAndKeyboard: Story = {
  play: async ({ args, canvas }) => {
    const search = canvas.getByRole('searchbox', { name: 'ค้นหาสาขา' });
    await userEvent.click(search);
    await userEvent.keyboard('เชียง');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(2));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(2);
    await expect(search).toHaveFocus();
  },
};

export const SearchByCode: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'b01');
    await waitFor(() =>
      expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual(['B010: สุโขทัย']),
    );
  },
};

/** Choosing the branch already in use does nothing (spec §4). */
export const CurrentDoesNothing: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('option', { name: /B003: ลำปาง/ }));
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** Many branches: the list stops at 240 px and scrolls. */
export const MaxHeight: Story = {
  play: async ({ canvas }) => {
    const scroller = canvas.getByRole('group', { name: 'สาขา' });
    await expect(scroller.getBoundingClientRect().height).toBeLessThanOrEqual(240);
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight);
  },
};

export const NoMatch: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'ภูเก็ต');
    await expect(await canvas.findByText('ไม่พบสาขาที่ค้นหา')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ล้างคำค้นหา' }));
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(10));
  },
};

export const Empty: Story = {
  args: { branches: [], currentBranchId: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('ไม่พบสาขาที่ค้นหา')).toBeVisible();
  },
};

export const LongThaiText: Story = {
  args: {
    branches: [
      { id: 1, label: 'B001: ศูนย์กระจายสินค้าภาคตะวันออกเฉียงเหนือ นครราชสีมา (คลังสินค้าชั่วคราว)' },
      { id: 2, label: 'B002: สาขาย่อยสำหรับลูกค้าองค์กรขนาดใหญ่ในเขตนิคมอุตสาหกรรมอมตะซิตี้ ชลบุรี' },
    ],
    currentBranchId: 2,
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('listbox');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('listbox').getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
