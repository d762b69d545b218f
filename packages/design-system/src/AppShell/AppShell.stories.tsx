import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { drawsOf, resetDraws } from '../renderCounts.ts';
import { AppShell } from './AppShell.tsx';
import type { NavGroup, RenderNavLink } from './NavMenu.tsx';
import type { NavState } from './navState.ts';

const groups: NavGroup[] = [
  {
    key: 'booking',
    label: 'การจอง',
    items: [
      { key: 'home', label: 'หน้าหลัก', icon: 'home', href: '/' },
      { key: 'doBooking', label: 'จอง DO', icon: 'calendar', href: '/doBooking' },
      { key: 'bookingCalendar', label: 'ปฏิทินการจอง', icon: 'calendar', href: '/bookingCalendar' },
    ],
  },
  {
    key: 'master',
    label: 'ข้อมูลหลัก',
    items: [
      { key: 'vehicle', label: 'รถ', icon: 'truck', href: '/vehicle' },
      { key: 'branch', label: 'สาขา', icon: 'building', href: '/branch' },
      { key: 'province', label: 'จังหวัด', icon: 'map', href: '/province' },
    ],
  },
  {
    key: 'admin',
    label: 'ผู้ดูแลระบบ',
    items: [{ key: 'appUser', label: 'ผู้ใช้งาน', icon: 'user', href: '/appUser' }],
  },
];

// Stories stay on their page: the link reports the click instead of navigating (as a router link would).
const renderLink: RenderNavLink = ({ onClick, href, ...props }) => (
  <a
    {...props}
    href={href}
    onClick={(event) => {
      event.preventDefault();
      onClick?.();
    }}
  />
);

const meta = {
  title: 'Design system/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    groups,
    title: 'รถ',
    productName: 'LMS',
    currentHref: '/vehicle/edit',
    renderLink,
    accountSlot: <span>สมชาย ใจดี</span>,
    children: <p>เนื้อหาของหน้า</p>,
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: desktop layout; the current page (and its sub-pages) lights its menu item. */
export const Desktop: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav.getBoundingClientRect().width).toBe(240);
    await expect(canvas.getByRole('heading', { level: 1, name: 'รถ' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'รถ' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'สาขา' })).not.toHaveAttribute('aria-current');
    for (const header of canvas.getAllByRole('button', { expanded: true })) {
      await expect(header).toHaveAttribute('aria-expanded', 'true');
    }
  },
};

/** The menu button collapses the permanent drawer to a 72 px icon rail; links keep their Thai names. */
export const CollapsedRail: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'เมนู' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const nav = canvas.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav.getBoundingClientRect().width).toBe(72);
    await expect(within(nav).getByRole('link', { name: 'ผู้ใช้งาน' })).toBeVisible();
    await expect(within(nav).queryByRole('button')).toBeNull();
  },
};

/** Group headers are buttons with aria-expanded; Enter and Space toggle them. */
export const GroupKeyboard: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'การจอง' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'การจอง' })).toHaveAttribute('aria-expanded', 'false');
    // The group fades out (a short Headless UI transition) and is hidden when it ends.
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'จอง DO' })).toBeNull());
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'ข้อมูลหลัก' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'รถ' })).toHaveFocus();
  },
};

/** State is saved once, 1000 ms after the last change (spec §4/§9). */
export const PersistsDebounced: Story = {
  args: { storage: { load: fn(() => null), save: fn() } },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ข้อมูลหลัก' }));
    await userEvent.click(canvas.getByRole('button', { name: 'ผู้ดูแลระบบ' }));
    await expect(args.storage?.save).not.toHaveBeenCalled();
    await waitFor(() => expect(args.storage?.save).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await expect(args.storage?.save).toHaveBeenCalledWith({
      drawerOpen: true,
      mobileOpen: false,
      groupsOpen: { master: false, admin: false },
    });
  },
};

const savedState: NavState = { drawerOpen: false, mobileOpen: false, groupsOpen: {} };

/** A stored collapsed drawer comes back collapsed. */
export const RestoredFromStorage: Story = {
  args: { storage: { load: () => savedState, save: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'เมนู' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('navigation').getBoundingClientRect().width).toBe(72);
  },
};

/** Phone width (shell narrower than 900 px): the drawer is a modal; Escape and navigation close it. */
export const PhoneWidth: Story = {
  render: (args) => (
    <div style={{ width: 375 }}>
      <AppShell {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const body = within(document.body);
    await expect(canvas.queryByRole('navigation')).toBeNull();
    const toggle = canvas.getByRole('button', { name: 'เมนู' });
    await userEvent.click(toggle);
    await expect(await body.findByRole('dialog', { name: 'เมนูหลัก' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await userEvent.click(await body.findByRole('link', { name: 'สาขา' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await userEvent.click(toggle);
    await expect(await body.findByRole('dialog')).toBeVisible();
  },
};

/** The temporary drawer closes when the layout switches to desktop and back. */
export const ClosesOnViewportChange: Story = {
  render: (args) => (
    <div data-testid="box" style={{ width: 375 }}>
      <AppShell {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByRole('button', { name: 'เมนู' }));
    await expect(await body.findByRole('dialog')).toBeVisible();
    const box = canvas.getByTestId('box');
    box.style.width = '1000px';
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('navigation')).toBeVisible();
    box.style.width = '375px';
    await waitFor(() => expect(canvas.queryByRole('navigation')).toBeNull());
    await expect(body.queryByRole('dialog')).toBeNull();
  },
};

export const LongThaiText: Story = {
  args: {
    title: 'รายการกลุ่มสินค้าที่ไม่ควรขนส่งไปด้วยกันในเที่ยวเดียวกันสำหรับทุกสาขาทั่วประเทศและทุกคลังสินค้าของบริษัท',
    currentHref: '/articleTypeProhibit',
    groups: [
      ...groups,
      {
        key: 'long',
        label: 'การตั้งค่าเกณฑ์การใช้งานรถและการปรับเปอร์เซ็นต์ตามประเภทรถ',
        items: [
          {
            key: 'articleTypeProhibit',
            label: 'กลุ่มสินค้าที่ไม่ควรขนส่งไปด้วยกันในเที่ยวเดียวกัน',
            icon: 'ban',
            href: '/articleTypeProhibit',
          },
        ],
      },
    ],
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation');
    await expect(nav.scrollWidth).toBeLessThanOrEqual(240);
    // The title stays on one line (ellipsis) so the top bar keeps its height.
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading.getBoundingClientRect().height).toBeLessThan(40);
    await expect(canvas.getByRole('link', { name: /กลุ่มสินค้า/ })).toHaveAttribute('aria-current', 'page');
  },
};

/** A page with its own entry under another entry's path lights only its own entry. */
export const NestedEntryPath: Story = {
  args: {
    title: 'ปฏิทิน DO Booking',
    currentHref: '/doBooking/calendar',
    groups: [
      {
        key: 'doBooking',
        label: 'DO Booking',
        items: [
          { key: 'doBooking', label: 'DO Booking', icon: 'calendar', href: '/doBooking' },
          {
            key: 'doBookingCalendar',
            label: 'ปฏิทิน DO Booking',
            icon: 'calendar',
            href: '/doBooking/calendar',
          },
        ],
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'ปฏิทิน DO Booking' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'DO Booking' })).not.toHaveAttribute('aria-current');
  },
};

/** A page whose URL moves as a host's would: the wizard's next step, then another entry's page. */
function MovingPage() {
  const [href, setHref] = useState('/doBooking');
  return (
    <AppShell groups={groups} title="จอง DO" productName="LMS" currentHref={href} renderLink={renderLink}>
      <button type="button" onClick={() => setHref('/doBooking/suggestion?draftId=1')}>
        ขั้นถัดไป
      </button>
      <button type="button" onClick={() => setHref('/vehicle')}>
        ไปหน้ารถ
      </button>
    </AppShell>
  );
}

/**
 * A URL change under the same entry draws the shell, not its menu (issue 41: each of the booking
 * wizard's steps drew the menu's 41 links). Counted by `@lms/design-system/renderCounts`.
 */
export const MovingWithinAPageLeavesTheMenu: Story = {
  render: () => <MovingPage />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'จอง DO' })).toHaveAttribute('aria-current', 'page');
    resetDraws();
    await userEvent.click(canvas.getByRole('button', { name: 'ขั้นถัดไป' }));
    await expect({
      AppShell: drawsOf('AppShell'),
      NavMenu: drawsOf('NavMenu'),
      NavGroupSection: drawsOf('NavGroupSection'),
    }).toEqual({ AppShell: 1, NavMenu: 0, NavGroupSection: 0 });
    await expect(canvas.getByRole('link', { name: 'จอง DO' })).toHaveAttribute('aria-current', 'page');
    // Another entry's page: the menu draws, its light moves.
    await userEvent.click(canvas.getByRole('button', { name: 'ไปหน้ารถ' }));
    await expect(canvas.getByRole('link', { name: 'รถ' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'จอง DO' })).not.toHaveAttribute('aria-current');
  },
};
