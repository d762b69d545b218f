import { designSystemMessages } from '@lms/design-system';
import { type AccessLogEntry, personalDataActionLabels, privacyApi, ROLE_ADMIN } from '@lms/domain';
import { mock, neverAnswered, refusal } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PersonalDataAccessPage } from './PersonalDataAccessPage.tsx';
import { privacyText as text } from './privacyText.ts';

const screen = () => within(document.body);

const read: AccessLogEntry = {
  id: '3',
  at: '2026-11-24T03:15:00.000Z',
  userId: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d11',
  userLabel: 'planner01: สมหญิง รักงาน',
  action: 'read',
  entity: 'shipTo',
  recordId: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d21',
  recordLabel: 'ST0001: ร้านวัสดุทองดี',
  fields: ['tel', 'lineUserId'],
  detail: null,
};
const exported: AccessLogEntry = {
  ...read,
  id: '2',
  at: '2026-11-23T09:40:00.000Z',
  userId: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d12',
  userLabel: 'reader07: วิชัย อ่านได้',
  action: 'export',
  recordId: null,
  recordLabel: null,
  fields: ['tel', 'lineUserId'],
  detail: { filters: {}, masked: true },
};
const erased: AccessLogEntry = {
  ...read,
  id: '1',
  at: '2026-11-20T02:00:00.000Z',
  userLabel: 'admin: ผู้ดูแลระบบ',
  action: 'erase',
  entity: 'customer',
  recordId: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d22',
  recordLabel: 'C0001: คุณสมศรี มีสุข',
  fields: ['tel'],
  detail: null,
};
const longThai: AccessLogEntry = {
  ...read,
  id: '4',
  userLabel: 'planner_northeast_region_02: นางสาวพรรณนิภา ศรีสุวรรณวงศ์ (ฝ่ายวางแผนการจัดส่งภาคตะวันออกเฉียงเหนือ)',
  recordLabel: 'ST0099: ห้างหุ้นส่วนจำกัด วัสดุก่อสร้างเจริญรุ่งเรืองพัฒนา สาขาถนนมิตรภาพ จังหวัดนครราชสีมา',
  detail: { history: true },
};

interface MockOptions {
  readonly entries?: readonly AccessLogEntry[] | 'loading' | 'error';
}
const asked: URLSearchParams[] = [];
const downloads: string[] = [];

function mocked({ entries = [read, exported, erased] }: MockOptions = {}): Story['beforeEach'] {
  return ({ msw }) => {
    asked.length = 0;
    downloads.length = 0;
    msw.use(
      mock(privacyApi.accessLog, ({ request, query }) => {
        asked.push(new URL(request.url).searchParams);
        if (entries === 'loading') return neverAnswered();
        if (entries === 'error') return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่');
        const items = entries.filter(
          (e) => (!query.action || e.action === query.action) && (!query.entity || e.entity === query.entity),
        );
        return { items, total: items.length };
      }),
      mock(privacyApi.personalData, ({ params }) => {
        downloads.push(`${params.entity}/${params.id}`);
        return HttpResponse.json(
          {
            entity: params.entity,
            recordId: params.id,
            record: {},
            history: [],
            messages: [],
            accessLog: [],
          },
          {
            headers: {
              'content-disposition': `attachment; filename="personal-data-${params.entity}-${params.id}.json"`,
            },
          },
        );
      }),
    );
  };
}

function Harness({ width }: { readonly width?: number }) {
  return (
    <PageHarness roles={[ROLE_ADMIN]} {...(width ? { width } : {})}>
      <PersonalDataAccessPage />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Admin/Personal data access',
  component: Harness,
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = async (canvas: ReturnType<typeof within>, text: string) =>
  (await canvas.findByText(text)).closest('[role="row"]') as HTMLElement;

export const Entries: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const row = within(await rowOf(canvas, 'planner01: สมหญิง รักงาน'));
    await expect(row.getByText(personalDataActionLabels.read)).toBeVisible();
    await expect(row.getByText('สถานที่ส่งสินค้า: ST0001: ร้านวัสดุทองดี')).toBeVisible();
    await expect(row.getByText('เบอร์โทรศัพท์, รหัสผู้ใช้ LINE')).toBeVisible();
    // An export of a list names no one person, says whether the file was masked, and offers no export.
    const list = within(await rowOf(canvas, `สถานที่ส่งสินค้า: ${text.manyRecords}`));
    await expect(list.getByText(text.details.masked)).toBeVisible();
    await expect(list.queryByRole('button')).toBeNull();
    await expect(canvas.getByText('ลูกค้า: C0001: คุณสมศรี มีสุข')).toBeVisible();
    await expect(asked[0]?.get('page')).toBe('0');
  },
};

export const FilterByActionAndKind: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await canvas.findByText('planner01: สมหญิง รักงาน');
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(text.action) }));
    await userEvent.click(await screen().findByRole('option', { name: personalDataActionLabels.erase }));
    await waitFor(() => expect(asked.at(-1)?.get('action')).toBe('erase'));
    await expect(await canvas.findByText('admin: ผู้ดูแลระบบ')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('planner01: สมหญิง รักงาน')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(text.entity) }));
    await userEvent.click(await screen().findByRole('option', { name: 'สถานที่ส่งสินค้า' }));
    await waitFor(() => expect(asked.at(-1)?.get('entity')).toBe('shipTo'));
    await expect(await canvas.findByText(text.empty)).toBeVisible();
  },
};

export const DaysBackwards: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await canvas.findByText('planner01: สมหญิง รักงาน');
    const type = async (label: string, keys: string) => {
      const group = canvas.getByRole('group', { name: new RegExp(label) });
      await userEvent.click(within(group).getAllByRole('spinbutton')[0] as HTMLElement);
      await userEvent.keyboard(keys);
    };
    await type(text.from, '05112026');
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2026-11-05'));
    const before = asked.length;
    await type(text.to, '01112026');
    await expect(await canvas.findByText(text.badRange)).toBeVisible();
    // A range that ends before it starts is not asked for.
    await expect(asked.slice(before).some((q) => q.get('to') === '2026-11-01')).toBe(false);
  },
};

export const ExportOnePerson: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: text.exportOf('ST0001: ร้านวัสดุทองดี') }));
    await waitFor(() => expect(downloads).toEqual([`shipTo/${read.recordId}`]));
    await expect(await screen().findByText(text.exported('ST0001: ร้านวัสดุทองดี'))).toBeVisible();
    // The log is read again: the export is a line of it now.
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
    // Closed, so the picture does not depend on the snackbar's timing.
    await userEvent.click(screen().getByRole('button', { name: designSystemMessages.snackbarClose }));
    await waitFor(() => expect(screen().queryByText(text.exported('ST0001: ร้านวัสดุทองดี'))).toBeNull());
  },
};

export const Empty: Story = {
  beforeEach: mocked({ entries: [] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: mocked({ entries: 'loading' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: text.title })).toBeVisible();
    await expect(canvas.queryByText('planner01: สมหญิง รักงาน')).toBeNull();
  },
};

export const LoadError: Story = {
  beforeEach: mocked({ entries: 'error' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/ระบบขัดข้อง กรุณาลองใหม่/)).toBeVisible();
  },
};

export const LongThaiText: Story = {
  beforeEach: mocked({ entries: [longThai, read] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(longThai.userLabel as string)).toBeVisible();
    await expect(canvas.getAllByText(text.details.history)[0]).toBeVisible();
    const grid = canvas.getByRole('grid');
    const action = canvas.getByRole('button', { name: text.exportOf(longThai.recordLabel as string) });
    await expect(action.getBoundingClientRect().right).toBeLessThanOrEqual(
      grid.getBoundingClientRect().right + 1,
    );
  },
};

export const Phone: Story = {
  args: { width: 375 },
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('planner01: สมหญิง รักงาน')).toBeVisible();
    const from = canvas.getByRole('group', { name: new RegExp(text.from) });
    await expect(from.getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};
