import { BuddhistEraProvider } from '@lms/design-system';
import {
  type FreightStatementState,
  freightText,
  ROLE_ADMIN,
  ROLE_FREIGHT_STATEMENT_READ,
} from '@lms/domain';
import { freightCalls, freightHandlers, freightStatement, freightSummaries } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FreightStatementsPage } from './FreightStatementsPage.tsx';
import { freightScreenText as text } from './freightScreenText.ts';

const months = ['2026-11', '2026-10', '2026-09'];

function Harness({
  roles = [ROLE_ADMIN],
  width,
  buddhistEra = false,
  onOpen,
  onMonthChange = () => {},
  state,
}: {
  readonly roles?: readonly string[];
  readonly width?: number;
  /** The signed-in user's era (พ.ศ.), as the host sets it from the user. */
  readonly buddhistEra?: boolean;
  readonly onOpen: (id: string) => void;
  readonly onMonthChange?: (month: string) => void;
  readonly state?: FreightStatementState;
}) {
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <BuddhistEraProvider value={buddhistEra}>
        <FreightStatementsPage
          month="2026-10"
          months={months}
          onMonthChange={onMonthChange}
          onOpen={onOpen}
          state={state}
        />
      </BuddhistEraProvider>
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Freight/Statements',
  component: Harness,
  args: { onOpen: fn() },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = async (canvas: ReturnType<typeof within>, text: string) =>
  (await canvas.findByText(text)).closest('[role="row"]') as HTMLElement;

export const Statements: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas, args }) => {
    const row = within(await rowOf(canvas, 'FS-BKK-CTA-202610'));
    await expect(row.getByText('CTA: สมศักดิ์ ขนส่งเร็ว')).toBeVisible();
    await expect(row.getByText('ร่าง')).toBeVisible();
    // 12,360.00 of trips − 500.00 of adjustment
    await expect(row.getByText('11,860.00')).toBeVisible();
    await expect(within(await rowOf(canvas, 'FS-BKK-CTC-202610')).getByText('อนุมัติแล้ว')).toBeVisible();
    // The user's era (ค.ศ. here), as every date of the staff's screens.
    await expect(canvas.getAllByText('ตุลาคม 2026')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text.openOf('FS-BKK-CTA-202610') }));
    await expect(args.onOpen).toHaveBeenCalledWith('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d01');
  },
};

/**
 * One state's statements of every month (the home's "waiting" count opens this): only those, with
 * their month, no contractors to draft for; the button goes back to the month's list.
 */
export const InOneState: Story = {
  args: { state: 'APPROVED', onMonthChange: fn() },
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas, args }) => {
    const row = within(await rowOf(canvas, 'FS-BKK-CTC-202610'));
    await expect(row.getByText('อนุมัติแล้ว')).toBeVisible();
    await expect(row.getByText('ตุลาคม 2026')).toBeVisible();
    await expect(canvas.queryByText('FS-BKK-CTA-202610')).toBeNull();
    await expect(canvas.getByRole('grid', { name: 'ใบสรุปสถานะ "อนุมัติแล้ว" ทุกเดือน' })).toBeVisible();
    await expect(canvas.queryByText(text.waiting)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'ดูใบสรุปทุกสถานะของ ตุลาคม 2026' }));
    await expect(args.onMonthChange).toHaveBeenCalledWith('2026-10');
  },
};

/** A user who reads พ.ศ.: the months and the times of change in the Buddhist era. */
export const InTheUsersEra: Story = {
  args: { buddhistEra: true },
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas }) => {
    await canvas.findByText('FS-BKK-CTA-202610');
    await expect(canvas.getAllByText('ตุลาคม 2569')[0]).toBeVisible();
    await expect(canvas.queryByText('ตุลาคม 2026')).toBeNull();
    await expect(canvas.getAllByText(/\/2569 \d\d:\d\d/)[0]).toBeVisible();
  },
};

export const DraftForAWaitingContractor: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: text.createFor('CTB: มานี รถบรรทุกไทย') }));
    await waitFor(() =>
      expect(freightCalls).toEqual([
        {
          method: 'POST',
          path: 'create',
          body: { contractorId: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d12', month: '2026-10' },
        },
      ]),
    );
    await waitFor(() => expect(args.onOpen).toHaveBeenCalledWith('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d03'));
  },
};

export const ReaderCannotDraft: Story = {
  args: { roles: [ROLE_FREIGHT_STATEMENT_READ] },
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/CTB: มานี รถบรรทุกไทย/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: text.createFor('CTB: มานี รถบรรทุกไทย') })).toBeNull();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers({ statements: [], candidates: [] })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.empty)).toBeVisible();
    await expect(await canvas.findByText(text.noneWaiting)).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers({ statements: 'loading' })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: freightText.title })).toBeVisible();
    await expect(canvas.queryByText('FS-BKK-CTA-202610')).toBeNull();
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers({ statements: 'error' })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/ระบบขัดข้อง กรุณาลองใหม่/)).toBeVisible();
  },
};

const longLabel =
  'CT-NORTHEAST-0099: ห้างหุ้นส่วนจำกัด ขนส่งเจริญรุ่งเรืองพัฒนาทรานสปอร์ตแอนด์โลจิสติกส์ สาขาถนนมิตรภาพ จังหวัดนครราชสีมา';

export const LongThaiText: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      ...freightHandlers({
        statements: [{ ...freightSummaries()[0]!, contractorLabel: longLabel }],
        candidates: [
          {
            contractorId: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d19',
            contractorLabel: longLabel,
            trips: 128,
            statementId: null,
          },
        ],
      }),
    ),
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText(/ห้างหุ้นส่วนจำกัด/))[0]).toBeVisible();
    // The statements and the contractors waiting for one come from two calls: wait for the second.
    const create = await canvas.findByRole('button', { name: text.createFor(longLabel) }, { timeout: 5000 });
    await expect(create.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvas.getByRole('grid').getBoundingClientRect().right + 1,
    );
  },
};

export const Phone: Story = {
  args: { width: 375 },
  beforeEach: ({ msw }) => msw.use(...freightHandlers({ statement: freightStatement() })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('FS-BKK-CTA-202610')).toBeVisible();
    const create = await canvas.findByRole('button', { name: text.createFor('CTB: มานี รถบรรทุกไทย') });
    await expect(create.getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};
