import { entityApi, presenceApi, province } from '@lms/domain';
import {
  FIXTURE_BRANCH_ID,
  fixtureId,
  fixturesFor,
  mock,
  refusal,
  requestPath,
  STALE_MESSAGE,
} from '@lms/testing';
import { entityStories, seenRequests } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { EntityListPage } from './EntityListPage.tsx';

const s = entityStories('province');
const provinces = entityApi(province);
/** The list's path as the page asks it. */
const LIST = requestPath(provinces.list);

const meta = {
  title: 'Pages/Province',
  ...s.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = s.List;
export const Empty: Story = s.Empty;
export const Loading: Story = s.Loading;
export const ServerError: Story = s.ServerError;
export const Search: Story = s.Search;
export const CreateRequiredMessages: Story = s.Create;
export const EditServerErrors: Story = s.EditServerErrors;
export const EditConflict: Story = s.EditConflict;
export const Show: Story = s.Show;
export const NoPermission: Story = s.NoPermission;
export const PhoneWidth: Story = s.PhoneWidth;
export const Detail: Story = s.Detail;

/**
 * Typing a new province, searching its region in the reference picker and saving sends one POST
 * with the picked region's id; the list then shows it.
 */
export const CreateAndSave: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'เพิ่มจังหวัด' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /^รหัส/ }), 'P99');
    await userEvent.type(dialog.getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ }), 'บึงกาฬ');
    await userEvent.type(dialog.getByRole('combobox', { name: /^ภาค/ }), 'เชียง');
    // Only the regions matching the typed text are offered.
    await waitFor(() => expect(screen.queryByRole('option', { name: /ภาค กรุงเทพมหานคร/ })).toBeNull());
    await userEvent.click(await screen.findByRole('option', { name: /ภาค เชียงใหม่/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = seenRequests.find((request) => request.method === 'POST');
    await expect(post?.body).toMatchObject({
      code: 'P99',
      nameTh: 'บึงกาฬ',
      regionId: fixtureId('region', 2),
    });
    await expect(await screen.findByText('บันทึกข้อมูล สำเร็จ')).toBeVisible();
  },
};

/** A filter in the URL (a shared link) is applied on the first request and counted on the button. */
export const FilterFromLink: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: { harness: { search: 'codes=PRO002&codes=PRO003&sort=code,desc' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('PRO003')).toBeVisible();
    await expect(canvas.queryByText('PRO001')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'ตัวกรอง (1)' })).toBeVisible();
    const list = seenRequests.find((request) => request.path === LIST);
    await expect(list?.params.getAll('codes')).toEqual(['PRO002', 'PRO003']);
    await expect(list?.params.get('sort')).toBe('code,desc');
  },
};

const COLUMNS_KEPT = 'lms-columns-province';

/**
 * Issue 41: the list's rows carry the columns it shows (`fields`, the mock answers only those, as
 * the server does), and showing a hidden column asks again: its values appear, never empty cells.
 */
export const ShownColumnsAsked: Story = {
  beforeEach: ({ msw }) => {
    localStorage.removeItem(COLUMNS_KEPT);
    s.mount(msw);
    return () => localStorage.removeItem(COLUMNS_KEPT);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('PRO001')).toBeVisible();
    const asked = () =>
      seenRequests.filter((r) => r.method === 'GET' && r.path === LIST).map((r) => r.params.get('fields'));
    await expect(asked()).toEqual(['code,nameTh,nameEn,regionId']);
    const shortName = String(fixturesFor(province)[0]!.shortNameTh);
    await expect(canvas.queryByText(shortName)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'คอลัมน์' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'ชื่อย่อ (ไทย)' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(asked().at(-1)).toBe('code,nameTh,nameEn,shortNameTh,regionId'));
    await expect(await canvas.findByText(shortName)).toBeVisible();
  },
};

/** Issue 22 item 6: the list's shortcuts — `/` search, `]` and `[` pages, `n` new — never while typing. */
export const KeyboardShortcuts: Story = {
  beforeEach: ({ msw }) => s.mount(msw, { fixtures: fixturesFor(province, 25) }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('PRO001')).toBeVisible();
    const pages = () =>
      seenRequests.filter((r) => r.method === 'GET' && r.path === LIST).map((r) => r.params.get('page'));
    await userEvent.keyboard('[BracketRight]');
    await waitFor(() => expect(pages()).toContain('1'));
    await expect(await canvas.findByText('PRO021')).toBeVisible();
    await userEvent.keyboard('[BracketLeft]');
    await expect(await canvas.findByText('PRO001')).toBeVisible();
    await userEvent.keyboard('[Slash]');
    const search = canvas.getByRole('searchbox');
    await waitFor(() => expect(search).toHaveFocus());
    // Typing in the box is typing: `n` and `]` land in it.
    await userEvent.keyboard('n]');
    await expect(search).toHaveValue('n]');
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.clear(search);
    search.blur();
    await userEvent.keyboard('n');
    await expect(await screen.findByRole('dialog', { name: /^เพิ่ม/ })).toBeVisible();
  },
};

/** The list requests of the story so far: their page and whether they counted the total. */
const listRequests = () =>
  seenRequests
    .filter((r) => r.method === 'GET' && r.path === LIST)
    .map((r) => ({
      page: r.params.get('page'),
      size: r.params.get('size'),
      counted: r.params.get('total') !== 'skip',
    }));

/** The grid's "1–10 จาก 25": the rows shown and the total. */
const range = async (canvas: { findByRole: typeof screen.findByRole }) =>
  within(await canvas.findByRole('navigation', { name: 'การแบ่งหน้า' }));

/**
 * Issue 24: the total is counted with the first page of a filter set; paging and resizing ask
 * `total=skip` and keep the total shown; a new search counts again, and so does a save.
 */
export const TotalCountedPerFilterSet: Story = {
  beforeEach: ({ msw }) => s.mount(msw, { fixtures: fixturesFor(province, 25) }),
  play: async ({ canvas, canvasElement }) => {
    const paging = await range(canvas);
    await expect(await paging.findByText('1–20 จาก 25')).toBeVisible();
    await userEvent.click(paging.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(await paging.findByText('21–25 จาก 25')).toBeVisible();
    await expect(await canvas.findByText('PRO021')).toBeVisible();
    // Issue 41: the next page is asked after where the page before ended (its `next`), not by skipping.
    const second = seenRequests.find(
      (r) => r.method === 'GET' && r.path === LIST && r.params.get('page') === '1',
    );
    await expect(second?.params.get('after')).toBe('mock-page-0');
    await userEvent.selectOptions(paging.getByRole('combobox', { name: 'แถวต่อหน้า' }), '10');
    await expect(await paging.findByText('1–10 จาก 25')).toBeVisible();
    // The range shows from the known total before the new page's request is answered.
    await waitFor(() =>
      expect(listRequests()).toEqual([
        { page: '0', size: '20', counted: true },
        { page: '1', size: '20', counted: false },
        { page: '0', size: '10', counted: false },
      ]),
    );

    // A save revalidates the page it was made from: counted again, the total never stale.
    seenRequests.length = 0;
    const dialog = await s.openEdit(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listRequests()).toEqual([{ page: '0', size: '10', counted: true }]));
    await expect(paging.getByText('1–10 จาก 25')).toBeVisible();

    // A new search is a new filter set: counted, its total shown.
    seenRequests.length = 0;
    await userEvent.type(canvas.getByRole('searchbox'), 'PRO01');
    await expect(await paging.findByText('1–10 จาก 10')).toBeVisible();
    await expect(listRequests()).toEqual([{ page: '0', size: '10', counted: true }]);
  },
};

/**
 * Above the count limit the total is a lower bound ("มากกว่า"): kept with its mark while paging
 * within it, counted further when the next page lies past it.
 */
export const LowerBoundTotalKept: Story = {
  beforeEach: ({ msw }) => s.mount(msw, { fixtures: fixturesFor(province, 45), countLimit: 30 }),
  parameters: { harness: { search: 'size=10' } },
  play: async ({ canvas }) => {
    const paging = await range(canvas);
    await expect(await paging.findByText('1–10 จาก มากกว่า 30')).toBeVisible();
    await userEvent.click(paging.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(await paging.findByText('11–20 จาก มากกว่า 30')).toBeVisible();
    await userEvent.click(paging.getByRole('button', { name: 'หน้าถัดไป' }));
    await expect(await paging.findByText('21–30 จาก มากกว่า 40')).toBeVisible();
    await expect(listRequests().map((r) => r.counted)).toEqual([true, false, true]);
  },
};

/** Ctrl-S in a form's text field saves it, as the save button would. */
export const SaveWithCtrlS: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    const name = within(dialog).getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'บึงกาฬ');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(seenRequests.find((r) => r.method === 'PUT')?.body).toMatchObject({ nameTh: 'บึงกาฬ' });
  },
};

/** Issue 22 item 7: cancelling a form with unsaved input asks first; staying keeps the input. */
export const CancelAsksWhenDirty: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    const name = within(dialog).getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ });
    await userEvent.type(name, 'แก้');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    const ask = await screen.findByRole('alertdialog', { name: 'ยังไม่ได้บันทึกการแก้ไข' });
    await userEvent.click(within(ask).getByRole('button', { name: 'กลับไปแก้ไขต่อ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect((name as HTMLInputElement).value).toContain('แก้');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    const again = await screen.findByRole('alertdialog', { name: 'ยังไม่ได้บันทึกการแก้ไข' });
    await userEvent.click(within(again).getByRole('button', { name: 'ออกโดยไม่บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(seenRequests.some((r) => r.method === 'PUT')).toBe(false);
  },
};

/** The stale-save notice itself (409): the server's message, reload or keep editing. */
export const StaleSaveNotice: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    msw.use(mock(provinces.update, () => refusal(409, STALE_MESSAGE)));
  },
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    const notice = await within(dialog).findByRole('alert');
    await expect(notice).toHaveTextContent(STALE_MESSAGE);
    await expect(within(notice).getByRole('button', { name: 'โหลดข้อมูลล่าสุด' })).toBeVisible();
    await expect(within(notice).getByRole('button', { name: 'แก้ไขต่อ' })).toBeVisible();
  },
};

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

/** Issue 22 item 7: the edit dialog names who else has the record open, as the heartbeat answers. */
export const PresenceWhileEditing: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    msw.use(
      mock(presenceApi.heartbeat, ({ body }) => ({
        branchId: FIXTURE_BRANCH_ID,
        entity: body.entity,
        recordId: body.recordId,
        users: [
          // The user's own other tab is not "someone else".
          { userId: 'story-user', fullName: 'สมชาย ใจดี', mode: 'viewing', expiresAt: inAMinute() },
          { userId: 'u-2', fullName: 'สมหญิง รักงาน', mode: 'editing', expiresAt: inAMinute() },
        ],
      })),
    );
  },
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    const status = await within(dialog).findByText(/กำลังแก้ไขข้อมูลนี้อยู่/);
    await expect(status).toHaveTextContent('สมหญิง รักงาน กำลังแก้ไขข้อมูลนี้อยู่');
    await expect(dialog).not.toHaveTextContent('สมชาย ใจดี');
  },
};

/** PresenceHeardLive's heartbeat answer waits for `sent`; `answered` says it has gone back. */
const heardLive = { sent: Promise.resolve(), markSent: () => {}, answered: false };

/**
 * Someone opens the record while the dialog is open: heard on the branch's event stream. The
 * dialog's first heartbeat answers only after that event, with what the server saw a moment
 * earlier (someone who has left since): the older answer must not replace what the stream said.
 */
export const PresenceHeardLive: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    heardLive.answered = false;
    heardLive.sent = new Promise((resolve) => {
      heardLive.markSent = resolve;
    });
    msw.use(
      mock(presenceApi.heartbeat, async ({ body }) => {
        await heardLive.sent;
        heardLive.answered = true;
        return {
          branchId: FIXTURE_BRANCH_ID,
          entity: body.entity,
          recordId: body.recordId,
          users: [{ userId: 'u-4', fullName: 'สมปอง ออกไปแล้ว', mode: 'viewing', expiresAt: inAMinute() }],
        };
      }),
    );
  },
  parameters: {
    harness: {
      openEvents: async () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            const presence = {
              branchId: FIXTURE_BRANCH_ID,
              entity: 'province',
              recordId: fixtureId('province', 1),
              users: [{ userId: 'u-3', fullName: 'วิไล แสงทอง', mode: 'viewing', expiresAt: inAMinute() }],
            };
            controller.enqueue(
              new TextEncoder().encode(`event: presence\ndata: ${JSON.stringify(presence)}\n\n`),
            );
          },
        }),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    await expect(await within(dialog).findByText('วิไล แสงทอง เปิดดูอยู่')).toBeVisible();
    heardLive.markSent();
    await waitFor(() => expect(heardLive.answered).toBe(true));
    // The older answer came back after the event: the badge still says what the stream said.
    await expect(within(dialog).getByText('วิไล แสงทอง เปิดดูอยู่')).toBeVisible();
    await expect(dialog).not.toHaveTextContent('สมปอง');
  },
};

/**
 * Issue 22 item 7: a stale save (409) offers a comparison, field by field with Thai labels; keeping
 * one's own values answers the saved version, so the next save goes through with them.
 */
export const StaleSaveCompare: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    msw.use(mock(provinces.update, () => refusal(409, STALE_MESSAGE), { once: true }));
  },
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    const name = within(dialog).getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'บึงกาฬ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    const notice = await within(dialog).findByRole('alert');
    await userEvent.click(within(notice).getByRole('button', { name: 'เปรียบเทียบ' }));
    const compare = await screen.findByRole('dialog', { name: 'เปรียบเทียบกับข้อมูลที่บันทึกล่าสุด' });
    const row = within(compare).getByRole('row', { name: /ชื่อ \(ไทย\)/ });
    const [mine, saved] = within(row).getAllByRole('cell');
    await expect(mine).toHaveTextContent('บึงกาฬ');
    await expect(saved).not.toHaveTextContent('บึงกาฬ');
    await userEvent.click(within(compare).getByRole('button', { name: 'ใช้ค่าของฉันแทน' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /เปรียบเทียบ/ })).toBeNull());
    await expect((name as HTMLInputElement).value).toBe('บึงกาฬ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(seenRequests.find((r) => r.method === 'PUT')?.body).toMatchObject({ nameTh: 'บึงกาฬ' });
  },
};
