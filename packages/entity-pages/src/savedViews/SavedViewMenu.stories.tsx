import { province, type SavedView, savedViewsApi, type ViewState } from '@lms/domain';
import { mock, neverAnswered, refusal, type SavedViewMockOptions, savedViewHandlers } from '@lms/testing';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { EntityListPage } from '../pages/EntityListPage.tsx';

/**
 * The saved-view menu on a list page (issue 22 item 4): pick a view, save the list as one, save
 * changes, rename, share, make it the default, delete — over the in-memory saved views (savedViewHandlers).
 */
const s = entityStories('province');

const meta = {
  title: 'Pages/Saved views',
  ...s.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const state = (overrides: Partial<ViewState> = {}): ViewState => ({
  filters: {},
  searchTerm: '',
  sort: [{ field: 'nameTh', direction: 'desc' }],
  columns: [{ key: 'code' }, { key: 'nameTh', width: 260 }, { key: 'nameEn', hidden: true }],
  pageSize: 20,
  ...overrides,
});

const view = (id: string, name: string, overrides: Partial<SavedView> = {}): SavedView => ({
  id,
  entity: province.name,
  name,
  state: state(),
  ownerLabel: 'สมชาย ใจดี',
  mine: true,
  sharing: null,
  branchLabel: null,
  updatedAt: '2026-11-20T03:00:00.000Z',
  ...overrides,
});

const VIEW_A = '7b0c6a52-3d52-4a43-9d54-3a3f1c9b0a01';
const VIEW_B = '7b0c6a52-3d52-4a43-9d54-3a3f1c9b0a02';
const views = [
  view(VIEW_A, 'ชื่อไทยเรียงถอยหลัง'),
  view(VIEW_B, 'ของทีมวางแผน', {
    mine: false,
    ownerLabel: 'วิภา ศรีสุข',
    sharing: { branchId: null, role: 'ROLE_PROVINCE_READ' },
    state: state({ searchTerm: 'เชียง', columns: [] }),
  }),
];

function mountWith(msw: { use: (...handlers: never[]) => void }, options: SavedViewMockOptions) {
  s.mount(msw);
  msw.use(...(savedViewHandlers(options) as never[]));
}

const openMenu = async (canvas: ReturnType<typeof within>, name: RegExp = /^มุมมอง/) => {
  await userEvent.click(await canvas.findByRole('button', { name }));
  return within(await screen.findByRole('menu'));
};
const headers = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('columnheader').map((header: HTMLElement) => header.textContent?.trim());

/** No views yet: the menu says so; "บันทึกเป็นมุมมองใหม่" names the list as it is and shows it. */
export const EmptySaveAs: Story = {
  beforeEach: ({ msw }) => mountWith(msw, {}),
  play: async ({ canvas }) => {
    const menu = await openMenu(canvas);
    await expect(await menu.findByRole('menuitem', { name: 'ยังไม่มีมุมมองที่บันทึกไว้' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(menu.getByRole('menuitem', { name: 'เปลี่ยนชื่อ...' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(menu.getByRole('menuitem', { name: 'บันทึกเป็นมุมมองใหม่...' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await expect(dialog.getByText('กรุณาตั้งชื่อมุมมอง')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /ชื่อมุมมอง/ }), 'จังหวัดที่ใช้บ่อย');
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('button', { name: /มุมมอง: จังหวัดที่ใช้บ่อย/ })).toBeVisible();
  },
};

/**
 * Picking a view applies its sort and columns; a change to the list marks it "แก้ไขแล้ว" and
 * "บันทึกการเปลี่ยนแปลง" stores it; "มุมมองเริ่มต้นของระบบ" goes back to the declaration.
 */
export const PickChangeSave: Story = {
  beforeEach: ({ msw }) => mountWith(msw, { views }),
  play: async ({ canvas }) => {
    await canvas.findAllByRole('row');
    await expect(headers(canvas)).toContain('ชื่อ (อังกฤษ)');
    let menu = await openMenu(canvas);
    // The views load when the menu first opens: wait for them, not for the menu alone.
    await expect(await menu.findByText('โดย วิภา ศรีสุข')).toBeVisible();
    await userEvent.click(await menu.findByRole('menuitem', { name: /ชื่อไทยเรียงถอยหลัง/ }));
    const trigger = await canvas.findByRole('button', { name: /มุมมอง: ชื่อไทยเรียงถอยหลัง/ });
    await waitFor(() => expect(headers(canvas)).not.toContain('ชื่อ (อังกฤษ)'));
    await expect(canvas.getByRole('columnheader', { name: /ชื่อ \(ไทย\)/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(trigger).not.toHaveTextContent('แก้ไขแล้ว');

    await userEvent.click(canvas.getByRole('columnheader', { name: /^รหัส/ }));
    await waitFor(() => expect(trigger).toHaveTextContent('แก้ไขแล้ว'));
    menu = await openMenu(canvas, /มุมมอง: ชื่อไทยเรียงถอยหลัง/);
    await userEvent.click(menu.getByRole('menuitem', { name: 'บันทึกการเปลี่ยนแปลง' }));
    await waitFor(() => expect(trigger).not.toHaveTextContent('แก้ไขแล้ว'));
    await expect(await screen.findByText('บันทึกมุมมอง "ชื่อไทยเรียงถอยหลัง" แล้ว')).toBeVisible();

    menu = await openMenu(canvas, /มุมมอง: ชื่อไทยเรียงถอยหลัง/);
    await userEvent.click(menu.getByRole('menuitem', { name: 'มุมมองเริ่มต้นของระบบ' }));
    await expect(await canvas.findByRole('button', { name: /^มุมมอง$/ })).toBeVisible();
    await waitFor(() => expect(headers(canvas)).toContain('ชื่อ (อังกฤษ)'));
  },
};

/** A list opened with nothing in its URL shows the user's default view (here one shared with them). */
export const DefaultAppliesOnOpen: Story = {
  beforeEach: ({ msw }) => mountWith(msw, { views, defaultViewId: VIEW_B }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /มุมมอง: ของทีมวางแผน/ })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('searchbox')).toHaveValue('เชียง'));
    const menu = await openMenu(canvas, /มุมมอง: ของทีมวางแผน/);
    // Another's view: the user may make it their default, not rename, share or delete it.
    await expect(menu.getByRole('menuitem', { name: 'เลิกใช้เป็นค่าเริ่มต้น' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expect(menu.getByRole('menuitem', { name: 'ลบมุมมอง...' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(menu.getByRole('menuitem', { name: 'เลิกใช้เป็นค่าเริ่มต้น' }));
    await expect(await screen.findByText('เลิกใช้มุมมองเริ่มต้นแล้ว')).toBeVisible();
  },
};

/** The URL wins: a list opened with parameters keeps them, the default view does not replace them. */
export const UrlBeatsDefault: Story = {
  beforeEach: ({ msw }) => mountWith(msw, { views, defaultViewId: VIEW_B }),
  parameters: { harness: { search: 'searchTerm=กรุง' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /^มุมมอง$/ })).toBeVisible();
    await expect(canvas.getByRole('searchbox')).toHaveValue('กรุง');
  },
};

/** Rename, share with a branch, make default and delete one's own view; a taken name is refused (409). */
export const RenameShareDelete: Story = {
  beforeEach: ({ msw }) => mountWith(msw, { views }),
  play: async ({ canvas }) => {
    let menu = await openMenu(canvas);
    // The views load when the menu first opens: wait for them, not for the menu alone.
    await userEvent.click(await menu.findByRole('menuitem', { name: /ชื่อไทยเรียงถอยหลัง/ }));
    const current = /มุมมอง: /;

    menu = await openMenu(canvas, current);
    await userEvent.click(menu.getByRole('menuitem', { name: 'เปลี่ยนชื่อ...' }));
    let dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: /ชื่อมุมมอง/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'ของทีมวางแผน');
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    // Another user's view of that name is no clash; the mock holds names per owner like the server.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('button', { name: /มุมมอง: ของทีมวางแผน/ })).toBeVisible();

    menu = await openMenu(canvas, current);
    await userEvent.click(menu.getByRole('menuitem', { name: 'บันทึกเป็นมุมมองใหม่...' }));
    dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /ชื่อมุมมอง/ }), 'ของทีมวางแผน');
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await expect(await dialog.findByText('มีมุมมองชื่อ "ของทีมวางแผน" อยู่แล้ว กรุณาใช้ชื่ออื่น')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'ยกเลิก' }));

    menu = await openMenu(canvas, current);
    await userEvent.click(menu.getByRole('menuitem', { name: 'แชร์...' }));
    dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByText(/ส่วนตัว: เห็นได้เฉพาะคุณ/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: /แชร์กับสาขา/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'BRA001: สาขา กรุงเทพมหานคร' }));
    await expect(dialog.getByText(/ผู้ใช้ทุกคนของสาขานี้จะเห็นมุมมองนี้/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึกการแชร์' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    menu = await openMenu(canvas, current);
    await expect(menu.getByText('แชร์แล้ว')).toBeVisible();
    await userEvent.click(menu.getByRole('menuitem', { name: 'ลบมุมมอง...' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await expect(confirm.getByText(/ซึ่งแชร์ให้ผู้อื่นอยู่/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'ลบ' }));
    await expect(await canvas.findByRole('button', { name: /^มุมมอง$/ })).toBeVisible();
  },
};

/** A user who may only read the list keeps private views; sharing is disabled and says why. */
export const ReaderCannotShare: Story = {
  beforeEach: ({ msw }) => mountWith(msw, { views, canShare: false }),
  parameters: { harness: { roles: ['ROLE_PROVINCE_READ'] } },
  play: async ({ canvas }) => {
    let menu = await openMenu(canvas);
    // The views load when the menu first opens: wait for them, not for the menu alone.
    await userEvent.click(await menu.findByRole('menuitem', { name: /ชื่อไทยเรียงถอยหลัง/ }));
    menu = await openMenu(canvas, /มุมมอง: /);
    await expect(menu.getByRole('menuitem', { name: /แชร์\.\.\./ })).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByText('แชร์ได้เฉพาะผู้มีสิทธิ์แก้ไขข้อมูลนี้')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

const longName = 'จังหวัดภาคตะวันออกเฉียงเหนือที่มีศูนย์กระจายสินค้าและต้องโทรนัดล่วงหน้าทุกครั้ง';

/** Long Thai names are cut with an ellipsis on the button and in the menu, never widening the page. */
export const LongThaiNames: Story = {
  beforeEach: ({ msw }) =>
    mountWith(msw, {
      views: [
        view(VIEW_A, longName),
        view(VIEW_B, `${longName} (ทีมกลางคืน)`, {
          mine: false,
          ownerLabel: 'ผู้ประสานงานคลังสินค้าภาคตะวันออกเฉียงเหนือ',
        }),
      ],
      defaultViewId: VIEW_A,
    }),
  play: async ({ canvas, canvasElement }) => {
    const trigger = await canvas.findByRole('button', { name: new RegExp(`มุมมอง: ${longName}`) });
    await expect(trigger.getBoundingClientRect().width).toBeLessThanOrEqual(22 * 16 + 1);
    const menu = await openMenu(canvas, /มุมมอง: /);
    await expect(menu.getByText(/โดย ผู้ประสานงาน/)).toBeVisible();
    const page = canvasElement.querySelector('[data-story-root] > div') as HTMLElement | null;
    if (page) await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth + 1);
  },
};

/** While the views load, the list already works and the menu says they are coming. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    msw.use(mock(savedViewsApi.list, () => neverAnswered()) as never);
  },
  play: async ({ canvas }) => {
    await canvas.findAllByRole('row');
    const menu = await openMenu(canvas);
    await expect(menu.getByRole('menuitem', { name: 'กำลังโหลดมุมมอง...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A failed load: the list still works; the menu offers to try again. */
export const LoadError: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    let calls = 0;
    msw.use(
      mock(savedViewsApi.list, () =>
        calls++ === 0 ? refusal(500, 'ระบบขัดข้อง') : { views, defaultViewId: null, canShare: true },
      ) as never,
    );
  },
  play: async ({ canvas }) => {
    let menu = await openMenu(canvas);
    await userEvent.click(await menu.findByRole('menuitem', { name: 'โหลดมุมมองไม่สำเร็จ กดเพื่อลองใหม่' }));
    menu = await openMenu(canvas);
    await expect(await menu.findByRole('menuitem', { name: /ชื่อไทยเรียงถอยหลัง/ })).toBeVisible();
  },
};

/** Phone width: the menu button and its menu fit the screen. */
export const PhoneWidth: Story = {
  beforeEach: ({ msw }) => mountWith(msw, { views }),
  parameters: { harness: { width: 360 } },
  play: async ({ canvas }) => {
    await openMenu(canvas);
    const popover = screen.getByRole('menu');
    await expect(popover.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
