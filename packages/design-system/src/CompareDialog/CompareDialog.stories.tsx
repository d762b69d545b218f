import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CompareDialog, compareText } from './CompareDialog.tsx';

const meta = {
  title: 'Design system/CompareDialog',
  component: CompareDialog,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    isOpen: true,
    savedBy: 'บันทึกโดย สมชาย รักงาน เมื่อ 25/11/2568 14:05',
    fields: [
      { name: 'name', label: 'ชื่อ', mine: 'ร้านสมใจ (สาขาใหม่)', saved: 'ร้านสมใจ' },
      { name: 'tel', label: 'เบอร์โทรศัพท์', mine: '0812345678', saved: '021234567' },
      { name: 'lat', label: 'ละติจูด', mine: '-', saved: '13.736717' },
    ],
    onUseSaved: fn(),
    onKeepMine: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof CompareDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** Per field, the form's value beside the saved one; each action reports back. */
export const Differences: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: compareText.title });
    const rows = within(dialog).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('เบอร์โทรศัพท์');
    await expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0812345678', '021234567']);
    await expect(dialog).toHaveTextContent('ต่างกัน 3 ช่อง');
    await userEvent.click(within(dialog).getByRole('button', { name: compareText.keepMine }));
    await expect(args.onKeepMine).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: compareText.useSaved }));
    await expect(args.onUseSaved).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The other save changed nothing this form shows. */
export const NoDifference: Story = {
  args: { fields: [], savedBy: undefined },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    await expect(dialog).toHaveTextContent(compareText.none);
    await expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  },
};

/** Long Thai addresses on a phone: one card per field, each value under its caption. */
export const LongThaiOnPhone: Story = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  args: {
    fields: [
      {
        name: 'address',
        label: 'ที่อยู่',
        mine: '99/123 หมู่บ้านศุภาลัยวิลล์ ซอยพัฒนาการ 44 แยก 7 ถนนพัฒนาการ แขวงสวนหลวง เขตสวนหลวง กรุงเทพมหานคร 10250',
        saved: '99/123 หมู่บ้านศุภาลัยวิลล์ ซอยพัฒนาการ 44 ถนนพัฒนาการ แขวงสวนหลวง เขตสวนหลวง กรุงเทพมหานคร 10250',
      },
      { name: 'subDistrictId', label: 'ตำบล/แขวง', mine: 'สวนหลวง', saved: 'ประเวศ' },
    ],
  },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    const table = within(dialog).getByRole('table');
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth + 1);
    await expect(within(dialog).getAllByRole('cell')[0]).toHaveTextContent('แยก 7');
  },
};
