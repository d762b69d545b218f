import { Button, designSystemMessages, SnackbarProvider } from '@lms/design-system';
import { entityByName, type ImportJob, type ImportReport, type ImportRow, importApi } from '@lms/domain';
import { mock, refusal, requestPath } from '@lms/testing';
import { pickFiles } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ImportDialog } from './ImportDialog.tsx';
import { ImportDialogView } from './ImportDialogView.tsx';

const customer = entityByName('customer');

const failedRows: ImportRow[] = [
  { row: 6, status: 'failed', key: 'C0102', errors: { ชื่อ: 'กรุณากรอกชื่อ' }, values: { รหัส: 'C0102', ชื่อ: '' } },
  {
    row: 7,
    status: 'failed',
    key: 'C0101',
    errors: { รหัส: 'ซ้ำกับแถวที่ 2 ในไฟล์' },
    values: { รหัส: 'C0101', ชื่อ: 'ร้านซ้ำ' },
  },
];
const createdRows: ImportRow[] = [
  { row: 6, status: 'created', key: 'C0102', errors: {} },
  { row: 7, status: 'created', key: 'C0103', errors: {} },
];

/** Six rows: one created, one updated, two unchanged, and rows 6–7 created or failed (`failed` of them). */
const report = (failed: 0 | 1 | 2, applied = false): ImportReport => ({
  total: 6,
  created: 3 - failed,
  updated: 1,
  unchanged: 2,
  failed,
  applied,
  rows: [
    { row: 2, status: 'created', key: 'C0101', errors: {} },
    { row: 3, status: 'updated', key: 'C0001', errors: {} },
    { row: 4, status: 'unchanged', key: 'C0002', errors: {} },
    { row: 5, status: 'unchanged', key: 'C0003', errors: {} },
    ...failedRows.slice(0, failed),
    ...createdRows.slice(failed),
  ],
});

const meta = {
  title: 'Import/ImportDialog',
  component: ImportDialogView,
  args: {
    entity: customer,
    isOpen: true,
    state: { step: 'pick' },
    fileName: null,
    validOnly: false,
    filter: 'all',
    error: null,
    onPick: fn(),
    onDownloadTemplate: fn(),
    onValidOnlyChange: fn(),
    onFilterChange: fn(),
    onCheck: fn(),
    onApply: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ImportDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog wired to the API (the stories' mocks), as a list page opens it. */
const WiredDialog = () => (
  <SnackbarProvider>
    <ImportDialog entity={customer} isOpen onClose={fn()} onImported={fn()} />
  </SnackbarProvider>
);

/**
 * Nothing picked yet: the template to download, the file button in Thai (the browser's own input
 * would say "Choose File"), and the check button.
 */
export const Empty: Story = {
  play: async ({ args }) => {
    const element = await screen.findByRole('dialog');
    const dialog = within(element);
    await expect(dialog.getByText('นำเข้า Excel: ลูกค้า')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'เลือกไฟล์' })).toBeEnabled();
    await expect(dialog.getByText('ยังไม่ได้เลือกไฟล์')).toBeVisible();
    await expect(element).not.toHaveTextContent(/Choose File|No file chosen/);
    await userEvent.click(dialog.getByRole('button', { name: 'ดาวน์โหลดแม่แบบ' }));
    await expect(args.onDownloadTemplate).toHaveBeenCalledTimes(1);
    pickFiles(element, [new File(['a'], 'ลูกค้า.xlsx', { type: 'application/octet-stream' })]);
    await expect(args.onPick).toHaveBeenCalledWith(expect.objectContaining({ name: 'ลูกค้า.xlsx' }));
    await userEvent.click(dialog.getByRole('button', { name: 'ตรวจสอบไฟล์' }));
    await expect(args.onCheck).toHaveBeenCalled();
  },
};

/** The file is being sent and checked: a progress indicator, nothing to press twice. */
export const Uploading: Story = {
  args: { state: { step: 'checking' }, fileName: 'ลูกค้า.xlsx' },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('progressbar', { name: 'กำลังตรวจสอบไฟล์' })).toBeVisible();
    await expect(dialog.getByText('ลูกค้า.xlsx')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'เปลี่ยนไฟล์' })).toBeDisabled();
  },
};

/** A large file being checked on the server: the rows checked so far, out of all. */
export const Checking: Story = {
  args: {
    state: { step: 'checking', progress: { phase: 'checking', done: 42_000, total: 100_000 } },
    fileName: 'DO ประจำวัน.xlsx',
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    const bar = dialog.getByRole('progressbar', { name: 'กำลังตรวจสอบไฟล์' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42000');
    await expect(bar).toHaveAttribute('aria-valuemax', '100000');
    await expect(dialog.getByText(/กำลังตรวจสอบข้อมูล… 42,000 จาก 100,000 แถว/)).toBeVisible();
    await expect(dialog.getByText(/ปิดหน้าต่างนี้ได้/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'ยกเลิก' })).toBeEnabled();
  },
};

/** Applying, still reading the file: no count yet, an indeterminate bar and the phase in words. */
export const ApplyingReading: Story = {
  args: {
    state: { step: 'applying', progress: { phase: 'reading', done: 0, total: 0 } },
    fileName: 'DO ประจำวัน.xlsx',
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('progressbar', { name: 'กำลังบันทึก' })).not.toHaveAttribute('aria-valuenow');
    await expect(dialog.getByText(/กำลังอ่านไฟล์…/)).toBeVisible();
  },
};

/** Writing on a phone: the count wraps under the label. */
export const WritingMobile: Story = {
  args: {
    state: { step: 'applying', progress: { phase: 'writing', done: 99_000, total: 100_000 } },
    fileName: 'รายการใบส่งสินค้าประจำวันจากระบบ ERP ของสาขากรุงเทพและปริมณฑล.xlsx',
  },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('progressbar', { name: 'กำลังบันทึก' })).toHaveAttribute(
      'aria-valuenow',
      '99000',
    );
    await expect(dialog.getByText(/กำลังบันทึกข้อมูล… 99,000 จาก 100,000 แถว/)).toBeVisible();
  },
};

/** A refused file (wrong headers): the server's Thai message, nothing else. */
export const FileRefused: Story = {
  args: { fileName: 'อื่น.xlsx', error: ['ไม่รู้จักคอลัมน์: สีรถ'] },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('alert')).toHaveTextContent('ไม่รู้จักคอลัมน์: สีรถ');
  },
};

/** The dry run found errors: failed rows first, each message beside the column and the value written. */
export const Errors: Story = {
  args: { state: { step: 'checked', report: report(2) }, fileName: 'ลูกค้า.xlsx' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('status', { name: 'สรุปผลการนำเข้า' })).toHaveTextContent('ตรวจสอบแล้ว 6 แถว');
    const rows = dialog.getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent('ผิดพลาด');
    await expect(rows[0]).toHaveTextContent('กรุณากรอกชื่อ');
    await expect(rows[1]).toHaveTextContent('ซ้ำกับแถวที่ 2 ในไฟล์');
    await userEvent.click(dialog.getByRole('button', { name: 'เพิ่มใหม่' }));
    await expect(args.onFilterChange).toHaveBeenCalledWith('created');
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึกการนำเข้า' }));
    await expect(args.onApply).toHaveBeenCalled();
  },
};

/** 100,000 rows checked, 5,000 failed: the grid is virtualised, so only the rows in view are in the page. */
const big: ImportReport = {
  total: 100_000,
  created: 90_000,
  updated: 5_000,
  unchanged: 0,
  failed: 5_000,
  applied: false,
  rows: Array.from({ length: 100_000 }, (_, i): ImportRow => {
    const row = i + 2;
    const key = `DO${String(row).padStart(8, '0')}`;
    if (i % 20 === 7)
      return {
        row,
        status: 'failed' as const,
        key,
        errors: { น้ำหนัก: 'น้ำหนักต้องเป็นตัวเลข' },
        values: { น้ำหนัก: 'สิบ' },
      };
    return { row, status: i % 20 === 3 ? ('updated' as const) : ('created' as const), key, errors: {} };
  }),
};

export const HundredThousandRows: Story = {
  args: { state: { step: 'checked', report: big }, filter: 'failed', fileName: 'DO ประจำวัน.xlsx' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('status', { name: 'สรุปผลการนำเข้า' })).toHaveTextContent(
      'ตรวจสอบแล้ว 100,000 แถว',
    );
    const rows = dialog.getAllByRole('row');
    await expect(rows.length).toBeLessThan(100);
    await expect(rows[1]).toHaveTextContent('ผิดพลาด');
    await expect(rows[1]).toHaveTextContent('“สิบ”');
    await userEvent.click(dialog.getByRole('button', { name: 'ทั้งหมด' }));
    await expect(args.onFilterChange).toHaveBeenCalledWith('all');
  },
};

/** Applied: the summary of what was written. */
export const Success: Story = {
  args: { state: { step: 'applied', report: report(0, true) }, fileName: 'ลูกค้า.xlsx' },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('status', { name: 'สรุปผลการนำเข้า' })).toHaveTextContent(
      'นำเข้าเรียบร้อย 6 แถว',
    );
    await expect(dialog.queryByRole('button', { name: 'บันทึกการนำเข้า' })).toBeNull();
  },
};

/**
 * Applied skipping the failed rows, on a phone: the headline counts the rows imported out of all
 * (not all six), the skipped row stays listed with its reason.
 */
export const PartlyImportedMobile: Story = {
  args: {
    state: { step: 'applied', report: report(1, true) },
    validOnly: true,
    filter: 'failed',
    fileName: 'รายชื่อลูกค้าใหม่ประจำเดือนพฤศจิกายนจากฝ่ายขายภาคตะวันออกเฉียงเหนือ.xlsx',
  },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '390px', height: '844px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('status', { name: 'สรุปผลการนำเข้า' })).toHaveTextContent(
      'นำเข้าเรียบร้อย 5 จาก 6 แถว (ข้าม 1 แถวที่ผิดพลาด)',
    );
    await expect(dialog.getByText(/กรุณากรอกชื่อ/)).toBeVisible();
    // Done: nothing more to apply, so the choice no longer changes anything.
    await expect(dialog.getByRole('checkbox', { name: /บันทึกเฉพาะแถวที่ถูกต้อง/ })).toBeDisabled();
  },
};

const leftJob = 'lms.importJob.customer.';
const onImported = fn();
/** The wired dialog reopened on a job left running: its progress read back, then its result. */
export const ResumesAJobLeftRunning: Story = {
  beforeEach({ msw }) {
    localStorage.setItem(
      leftJob,
      JSON.stringify({ id: '7e0f5c1a-1111-4111-8111-111111111111', fileName: 'ลูกค้า.xlsx' }),
    );
    let reads = 0;
    const job = (phase: ImportJob['phase']): ImportJob => ({
      id: '7e0f5c1a-1111-4111-8111-111111111111',
      fileName: 'ลูกค้า.xlsx',
      dryRun: false,
      phase,
      done: phase === 'done' ? 6 : 3,
      total: 6,
      ...(phase === 'done' ? { report: report(0, true) } : {}),
      createdAt: '2026-11-25T08:00:00.000Z',
    });
    msw.use(
      ...([mock(importApi(customer.name).job, () => job(++reads < 3 ? 'writing' : 'done'))] as never[]),
    );
    return () => localStorage.removeItem(leftJob);
  },
  render: function Render() {
    const [open, setOpen] = useState(true);
    return (
      <SnackbarProvider>
        <Button onPress={() => setOpen(true)}>นำเข้า Excel</Button>
        {open && (
          <ImportDialog entity={customer} isOpen onClose={() => setOpen(false)} onImported={onImported} />
        )}
      </SnackbarProvider>
    );
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    const bar = await dialog.findByRole('progressbar', { name: 'กำลังบันทึก' });
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(dialog.getByText('ลูกค้า.xlsx')).toBeVisible();
    await expect(await dialog.findByText('นำเข้าเรียบร้อย 6 แถว', undefined, { timeout: 5000 })).toBeVisible();
    await expect(onImported).toHaveBeenCalled();
    // Seen: closing forgets the job, so the dialog opened again starts afresh.
    await userEvent.click(dialog.getByRole('button', { name: 'ปิด' }));
    await waitFor(() => expect(localStorage.getItem(leftJob)).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: designSystemMessages.snackbarClose }));
    await userEvent.click(screen.getByRole('button', { name: 'นำเข้า Excel' }));
    const again = within(await screen.findByRole('dialog'));
    await expect(again.getByRole('button', { name: 'ตรวจสอบไฟล์' })).toBeVisible();
    await expect(again.queryByRole('status', { name: 'สรุปผลการนำเข้า' })).toBeNull();
    await waitFor(() => expect(screen.queryByText('ลูกค้า: นำเข้าเรียบร้อย 6 แถว')).toBeNull());
  },
};

const bigJob = '7e0f5c1a-2222-4222-8222-222222222222';
const leftBigJob = 'lms.importJob.customer.';
/** Rows the server pages, as `GET …/import/jobs/{id}/rows` answers them for a status. */
const pagedRow = (status: ImportRow['status'], index: number): ImportRow => {
  const row = index * 20 + (status === 'failed' ? 9 : 2);
  return status === 'failed'
    ? { row, status, key: `C${row}`, errors: { ชื่อ: 'กรุณากรอกชื่อ' }, values: { ชื่อ: '' } }
    : { row, status, key: `C${row}`, errors: {} };
};
const pageRequests: string[] = [];
/**
 * A dry run of 100,000 rows: the report carries its first thousand rows only, so the grid reads
 * the rows of the chosen status a page at a time from the server.
 */
export const LargeReportPagedFromServer: Story = {
  beforeEach({ msw }) {
    pageRequests.length = 0;
    localStorage.setItem(leftBigJob, JSON.stringify({ id: bigJob, fileName: 'ลูกค้า 100k.xlsx' }));
    const counts = { failed: 5_000, created: 95_000, updated: 0, unchanged: 0 };
    const firstPage = Array.from({ length: 1000 }, (_, i) => pagedRow('failed', i));
    msw.use(
      ...([
        mock(
          importApi(customer.name).job,
          (): ImportJob => ({
            id: bigJob,
            fileName: 'ลูกค้า 100k.xlsx',
            dryRun: true,
            phase: 'done',
            done: 100_000,
            total: 100_000,
            report: { total: 100_000, ...counts, applied: false, rows: firstPage },
            createdAt: '2026-11-25T08:00:00.000Z',
          }),
        ),
        mock(importApi(customer.name).rows, ({ query }) => {
          const status = (query.status ?? 'all') as keyof typeof counts;
          const offset = query.offset ?? 0;
          const limit = query.limit ?? 0;
          pageRequests.push(`${status} ${offset} ${limit}`);
          const total = counts[status] ?? 0;
          const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
            pagedRow(status, offset + i),
          );
          return { rows, total };
        }),
      ] as never[]),
    );
    return () => localStorage.removeItem(leftBigJob);
  },
  render: () => <WiredDialog />,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(await dialog.findByText('ตรวจสอบแล้ว 100,000 แถว (ยังไม่ได้บันทึก)')).toBeVisible();
    await waitFor(() => expect(pageRequests).toEqual(['failed 0 100']));
    await waitFor(() => expect(dialog.getAllByRole('row')[1]).toHaveTextContent('กรุณากรอกชื่อ'));
    await userEvent.click(dialog.getByRole('button', { name: 'เพิ่มใหม่' }));
    await waitFor(() => expect(pageRequests).toContain('created 0 100'));
    await waitFor(() => expect(dialog.getAllByRole('row')[1]).toHaveTextContent('เพิ่มใหม่'));
    await userEvent.click(dialog.getByRole('button', { name: 'หน้าถัดไป' }));
    await waitFor(() => expect(pageRequests).toContain('created 100 100'));
    await waitFor(() => expect(dialog.getAllByRole('row')[1]).toHaveTextContent('C2002'));
  },
};

const checkJob = '7e0f5c1a-3333-4333-8333-333333333333';
const applyJob = '7e0f5c1a-4444-4444-8444-444444444444';
/** The imports started, as `dryRun validOnly` of each `POST …/import/jobs`. */
const started: string[] = [];
/**
 * Checked, one row failed; "บันทึกเฉพาะแถวที่ถูกต้อง" ticked afterwards keeps the check, so the same
 * file is applied at once (no second check), and the headline counts the 5 rows of 6 imported.
 */
export const SkipFailedRowsWithoutCheckingAgain: Story = {
  beforeEach({ msw }) {
    started.length = 0;
    localStorage.removeItem(leftJob);
    const calls = importApi(customer.name);
    const job = (id: string): ImportJob => ({
      id,
      fileName: 'ลูกค้า.xlsx',
      dryRun: id === checkJob,
      phase: 'done',
      done: 6,
      total: 6,
      report: report(1, id === applyJob),
      createdAt: '2026-11-25T08:00:00.000Z',
    });
    msw.use(
      ...([
        mock(calls.start, ({ query }) => {
          started.push(`${query.dryRun} ${query.validOnly}`);
          return job(query.dryRun === 'true' ? checkJob : applyJob);
        }),
        mock(calls.job, ({ params }) => job(params.id)),
      ] as never[]),
    );
    return () => localStorage.removeItem(leftJob);
  },
  render: () => <WiredDialog />,
  play: async () => {
    const element = await screen.findByRole('dialog');
    const dialog = within(element);
    pickFiles(element, [new File(['a'], 'ลูกค้า.xlsx')]);
    await userEvent.click(dialog.getByRole('button', { name: 'ตรวจสอบไฟล์' }));
    await expect(await dialog.findByText('ตรวจสอบแล้ว 6 แถว (ยังไม่ได้บันทึก)')).toBeVisible();
    await userEvent.click(dialog.getByRole('checkbox', { name: /บันทึกเฉพาะแถวที่ถูกต้อง/ }));
    // The check is kept: its report, and what the apply will do.
    await expect(dialog.getByText('ตรวจสอบแล้ว 6 แถว (ยังไม่ได้บันทึก)')).toBeVisible();
    await expect(dialog.getByText('จะบันทึก 5 แถว และข้าม 1 แถวที่ผิดพลาด')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึกการนำเข้า' }));
    await expect(await dialog.findByText('นำเข้าเรียบร้อย 5 จาก 6 แถว (ข้าม 1 แถวที่ผิดพลาด)')).toBeVisible();
    await expect(started).toEqual(['true false', 'false true']);
    await expect(await screen.findByText('ลูกค้า: นำเข้าเรียบร้อย 5 จาก 6 แถว (ข้าม 1 แถวที่ผิดพลาด)')).toBeVisible();
    // Closed, so that the screenshot does not depend on when the snackbar would have gone.
    await userEvent.click(screen.getByRole('button', { name: designSystemMessages.snackbarClose }));
  },
};

/** The names the app saved downloads under (the link is clicked, no file is written). */
const saved: string[] = [];
const templateAsked: string[] = [];
const keepDownloads = () => {
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  return () => {
    HTMLAnchorElement.prototype.click = click;
  };
};

/** The template call answered by `answer`, downloads kept (not saved) for the play function. */
const templateAnswered =
  (answer: (request: Request) => Response): Story['beforeEach'] =>
  ({ msw }) => {
    saved.length = 0;
    templateAsked.length = 0;
    msw.use(
      ...([
        mock(importApi(customer.name).template, ({ request }) => {
          templateAsked.push(new URL(request.url).pathname);
          return answer(request);
        }),
      ] as never[]),
    );
    return keepDownloads();
  };

/** docs/import.md step 1: the dialog downloads the entity's template, under the name the server gives. */
export const DownloadsTheTemplate: Story = {
  beforeEach: templateAnswered(
    () =>
      new Response(new Blob(['PK template']), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="customer-template.xlsx"; filename*=UTF-8''${encodeURIComponent('แม่แบบ ลูกค้า.xlsx')}`,
        },
      }),
  ),
  render: () => <WiredDialog />,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'ดาวน์โหลดแม่แบบ' }));
    await waitFor(() => expect(saved).toEqual(['แม่แบบ ลูกค้า.xlsx']));
    await expect(templateAsked).toEqual([requestPath(importApi(customer.name).template)]);
  },
};

/** A refused template download says why in a snackbar; the dialog stays as it was. */
export const TemplateRefused: Story = {
  beforeEach: templateAnswered(() => refusal(403, 'คุณไม่มีสิทธิ์เพิ่มข้อมูล ลูกค้า จึงดาวน์โหลดแม่แบบไม่ได้')),
  render: () => <WiredDialog />,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'ดาวน์โหลดแม่แบบ' }));
    await expect(await screen.findByText('คุณไม่มีสิทธิ์เพิ่มข้อมูล ลูกค้า จึงดาวน์โหลดแม่แบบไม่ได้')).toBeVisible();
    await expect(saved).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'ดาวน์โหลดแม่แบบ' })).toBeEnabled();
  },
};
