import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AccountMenu } from './AccountMenu.tsx';

const meta = {
  title: 'Design system/AccountMenu',
  component: AccountMenu,
  tags: ['autodocs'],
  args: {
    username: 'somchai.j',
    email: 'somchai@example.co.th',
    branchLabel: 'สาขาบางนา',
    onChangePassword: fn(),
    onSelectBranch: fn(),
    onLogout: fn(),
  },
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', minHeight: 300 }}>
      <AccountMenu {...args} />
    </div>
  ),
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Docs: the top bar's account button; the menu shows who is signed in and the current branch. */
export const Open: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /somchai\.j/ }));
    const menu = await body.findByRole('menu', { name: 'somchai.j' });
    await expect(body.getByText('somchai@example.co.th')).toBeVisible();
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
    await expect(within(menu).getByRole('menuitem', { name: /เลือกสาขา/ })).toHaveTextContent('สาขาบางนา');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /เลือกสาขา/ }));
    await expect(args.onSelectBranch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: /somchai\.j/ }));
    await expect(await body.findByRole('menu')).toBeVisible();
  },
};

/** Enter opens the menu on its first item; arrows move; Enter chooses. */
export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const first = await body.findByRole('menuitem', { name: /เปลี่ยนรหัสผ่าน/ });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(body.getByRole('menuitem', { name: 'ออกจากระบบ' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await expect(args.onChangePassword).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.getByRole('button')).toHaveFocus());
  },
};

export const WithoutEmail: Story = {
  args: { email: null, branchLabel: null },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    const menu = await body.findByRole('menu');
    await expect(body.queryByText('@', { exact: false })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'เปลี่ยนรหัสผ่าน' }));
    await expect(args.onChangePassword).toHaveBeenCalledTimes(1);
  },
};

export const WithAvatar: Story = {
  args: {
    avatar: (
      <span aria-hidden="true" style={{ fontWeight: 700 }}>
        สจ
      </span>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toHaveTextContent('สจ');
  },
};

export const LongThaiText: Story = {
  args: {
    username: 'สมชายผู้ดูแลระบบการขนส่งและคลังสินค้าภาคตะวันออกเฉียงเหนือ',
    branchLabel: 'สาขาศูนย์กระจายสินค้านครราชสีมาและจังหวัดใกล้เคียงทั้งหมด',
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button');
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(280);
    await userEvent.click(button);
    const popover = (await body.findByRole('menu')).closest('[data-overlay]');
    await expect(popover?.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** Phones: only the avatar shows in the top bar; the name is still the button's accessible name. */
export const PhoneWidth: Story = {
  args: { compact: true },
  render: (args) => (
    <div
      style={{
        width: 375,
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'flex-start',
        minHeight: 300,
      }}
    >
      <AccountMenu {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /somchai\.j/ });
    await expect(button).not.toHaveTextContent('somchai');
    await userEvent.click(button);
    await expect(await body.findByText('somchai.j')).toBeVisible();
  },
};

/** With the พ.ศ. setting: the item says the current era and switches it. */
export const EraSetting: Story = {
  args: { buddhistEra: true, onToggleBuddhistEra: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /somchai\.j/ }));
    const item = await body.findByRole('menuitem', { name: /ปีที่แสดงบนหน้าจอ/ });
    await expect(item).toHaveTextContent('พ.ศ. (กดเพื่อเปลี่ยนเป็น ค.ศ.)');
    await userEvent.click(item);
    await expect(args.onToggleBuddhistEra).toHaveBeenCalledTimes(1);
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};
