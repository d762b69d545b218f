import { type BulkActionAnswer, type BulkActionBody, bulkText, entityApi, vehicle } from '@lms/domain';
import { fixtureId, fixturesFor, type MockAnswer, mock, refusal, requestPath } from '@lms/testing';
import { entityStories, seenRequests } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { EntityListPage } from '../pages/EntityListPage.tsx';

/**
 * Bulk actions on a list (issue 22): the toolbar over the picked rows, "all matching the filter",
 * the confirmation naming the count, the progress, and the report of the rows the server refused.
 */
const s = entityStories('vehicle');

const meta = {
  title: 'Pages/Bulk actions',
  ...s.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const bulkAction = entityApi(vehicle).bulkAction;
const BULK = requestPath(bulkAction);
const fixtures = fixturesFor(vehicle, 25);
const rowBoxes = () => screen.getAllByRole('checkbox', { name: /^เลือก (?!ทุกแถว)/ });
const bar = () => screen.getByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' });

const LONG_REASON =
  'ลบไม่ได้ เพราะยังมีข้อมูล รายการจัดส่ง, การจองส่งสินค้า, ช่วงเวลารถรายวัน, ใบสั่งส่งสินค้า (DO) และการวางแผนเส้นทางของสาขาปลายทาง อ้างถึงรายการนี้';

/** Three rows refused, one with a long Thai reason and one with two reasons. */
const refusedAnswer: BulkActionAnswer = {
  action: 'delete',
  selected: 5,
  done: 2,
  refused: [
    {
      id: fixtureId('vehicle', 1),
      label: 'VEH001: รถบรรทุก 6 ล้อ คันที่หนึ่งของสาขากรุงเทพมหานคร',
      reasons: [LONG_REASON],
    },
    {
      id: fixtureId('vehicle', 2),
      label: 'VEH002: รถ 2',
      reasons: [bulkText.referenced(['ช่วงเวลารถรายวัน']), bulkText.stale],
    },
    { id: fixtureId('vehicle', 3), label: 'VEH003: รถ 3', reasons: [bulkText.stale] },
  ],
};

function mountWith(
  msw: { use: (...handlers: never[]) => void },
  answer: (body: BulkActionBody) => MockAnswer<typeof bulkAction> | Promise<MockAnswer<typeof bulkAction>>,
) {
  s.mount(msw, { fixtures });
  msw.use(
    mock(bulkAction, ({ request, body }) => {
      seenRequests.push({ method: 'POST', path: BULK, params: new URL(request.url).searchParams, body });
      return answer(body);
    }) as never,
  );
}

const bulkRequests = () => seenRequests.filter((request) => request.path === BULK);

/** Picking rows shows the bar; the whole page picked offers every row the filter matches, with the count. */
export const Toolbar: Story = {
  beforeEach: ({ msw }) => mountWith(msw, () => refusedAnswer),
  play: async ({ canvas }) => {
    await canvas.findByText('VEH001');
    await expect(screen.queryByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' })).toBeNull();
    await userEvent.click(rowBoxes()[0]!);
    await expect(within(bar()).getByText('เลือกแล้ว 1 รายการ')).toBeVisible();
    await expect(within(bar()).getByRole('button', { name: bulkText.delete })).toBeVisible();
    await expect(within(bar()).getByRole('button', { name: bulkText.set })).toBeVisible();
    await expect(within(bar()).getByRole('button', { name: bulkText.export })).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกทุกแถวในหน้านี้' }));
    await userEvent.click(within(bar()).getByRole('button', { name: bulkText.selectAllMatching(25) }));
    await expect(within(bar()).getByText(bulkText.allMatchingSelected(25))).toBeVisible();
  },
};

/** Delete asks first, naming the count; the picked rows go with the versions the list showed. */
export const ConfirmDelete: Story = {
  beforeEach: ({ msw }) =>
    mountWith(msw, async () => {
      await delay(400);
      return { action: 'delete', selected: 2, done: 2, refused: [] };
    }),
  play: async ({ canvas }) => {
    await canvas.findByText('VEH001');
    await userEvent.click(rowBoxes()[0]!);
    await userEvent.click(rowBoxes()[1]!);
    await userEvent.click(within(bar()).getByRole('button', { name: bulkText.delete }));
    const confirm = await screen.findByRole('alertdialog', { name: bulkText.confirmDelete(2, 'ยานพาหนะ') });
    await expect(within(confirm).getByText(bulkText.confirmDeleteBody)).toBeVisible();
    await userEvent.click(within(confirm).getByRole('button', { name: bulkText.delete }));
    // Progress while the server works, then the result; the selection is spent.
    await expect(await within(confirm).findByText(bulkText.working(2))).toBeVisible();
    await expect(await screen.findByText(bulkText.done('delete', 2))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(bulkRequests()[0]?.body).toEqual({
      action: 'delete',
      selection: {
        rows: [
          { id: fixtureId('vehicle', 1), version: 1 },
          { id: fixtureId('vehicle', 2), version: 1 },
        ],
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' })).toBeNull(),
    );
  },
};

/** The refused rows, each with its Thai reasons (long ones wrap), in a dialog that outlives the selection. */
export const Report: Story = {
  beforeEach: ({ msw }) => mountWith(msw, () => refusedAnswer),
  play: async ({ canvas }) => {
    await canvas.findByText('VEH001');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'เลือกทุกแถวในหน้านี้' }));
    await userEvent.click(within(bar()).getByRole('button', { name: bulkText.selectAllMatching(25) }));
    await userEvent.click(within(bar()).getByRole('button', { name: bulkText.delete }));
    const confirm = await screen.findByRole('alertdialog', { name: bulkText.confirmDelete(25, 'ยานพาหนะ') });
    await userEvent.click(within(confirm).getByRole('button', { name: bulkText.delete }));
    const report = await screen.findByRole('dialog', { name: 'ผลการดำเนินการยานพาหนะ' });
    const list = within(within(report).getByRole('list', { name: bulkText.refusedHeader }));
    await expect(list.getByText(LONG_REASON)).toBeVisible();
    await expect(list.getAllByText(bulkText.stale)).toHaveLength(2);
    await expect(within(report).getByText(bulkText.refusedCount(3))).toBeVisible();
    // "All matching" sends the list's filter, not ids.
    await expect(bulkRequests()[0]?.body).toMatchObject({ action: 'delete', selection: { filter: {} } });
  },
};

/** Set a bulk-editable field: the form's own control for it, the value sent once for every row. */
export const SetField: Story = {
  beforeEach: ({ msw }) => mountWith(msw, () => ({ action: 'set', selected: 3, done: 3, refused: [] })),
  play: async ({ canvas }) => {
    await canvas.findByText('VEH001');
    for (const box of rowBoxes().slice(0, 3)) await userEvent.click(box);
    await userEvent.click(within(bar()).getByRole('button', { name: bulkText.set }));
    // Only the fields the declaration marks bulk-editable are offered.
    const menu = await screen.findByRole('menu', { name: bulkText.set });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['ชนิดเชื้อเพลิง', 'กลุ่มรถ', 'ประเภทรถ', 'ผู้รับเหมาขนส่ง (เจ้าของรถ)']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ชนิดเชื้อเพลิง' }));
    const dialog = await screen.findByRole('dialog', { name: bulkText.confirmSet(3, 'ชนิดเชื้อเพลิง') });
    await userEvent.click(within(dialog).getByRole('button', { name: /ค่าใหม่/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'ก๊าซหุงต้ม (LPG)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก 3 รายการ' }));
    await expect(await screen.findByText(bulkText.done('set', 3))).toBeVisible();
    await expect(bulkRequests()[0]?.body).toMatchObject({
      action: 'set',
      field: 'fuelType',
      value: 'LPG',
      selection: { rows: expect.any(Array) },
    });
  },
};

/** Refused as a whole (too many rows): the server's Thai message, nothing else changes. */
export const RefusedAsAWhole: Story = {
  beforeEach: ({ msw }) => mountWith(msw, () => refusal(413, bulkText.tooMany)),
  play: async ({ canvas }) => {
    await canvas.findByText('VEH001');
    await userEvent.click(rowBoxes()[0]!);
    await userEvent.click(within(bar()).getByRole('button', { name: bulkText.delete }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: bulkText.delete }));
    await expect(await screen.findByText(bulkText.tooMany)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** Results of actions in a row pile up: the bulk stack keeps up to 12 (the spec's other setting), not 3. */
export const ManyResults: Story = {
  beforeEach: ({ msw }) => {
    // Each action answers other counts: identical messages would be shown once.
    let calls = 0;
    mountWith(msw, () => {
      calls += 1;
      return { ...refusedAnswer, done: calls, refused: refusedAnswer.refused.slice(0, calls) };
    });
  },
  play: async ({ canvas }) => {
    await canvas.findByText('VEH001');
    for (let round = 0; round < 2; round++) {
      await userEvent.click(rowBoxes()[round]!);
      await userEvent.click(within(bar()).getByRole('button', { name: bulkText.delete }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: bulkText.delete }),
      );
      const report = await screen.findByRole('dialog', { name: 'ผลการดำเนินการยานพาหนะ' });
      await userEvent.click(within(report).getByRole('button', { name: 'ปิด' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    // Two results and two warnings: four at once, past the default three.
    const region = within(screen.getByRole('region', { name: 'การแจ้งเตือน' }));
    for (const text of [
      bulkText.done('delete', 1),
      bulkText.refusedCount(1),
      bulkText.done('delete', 2),
      bulkText.refusedCount(2),
    ])
      await expect(await region.findByText(text)).toBeVisible();
  },
};

/** At phone width the bar wraps under the cards; nothing is wider than the screen. */
export const PhoneWidth: Story = {
  beforeEach: ({ msw }) => mountWith(msw, () => refusedAnswer),
  parameters: { harness: { width: 360 } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('VEH001');
    await userEvent.click(rowBoxes()[0]!);
    await expect(within(bar()).getByRole('button', { name: bulkText.delete })).toBeVisible();
    const page = canvasElement.querySelector('[data-story-root] > div') as HTMLElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(362);
  },
};
