import { designSystemMessages } from '@lms/design-system';
import {
  freightText,
  ROLE_ADMIN,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EXPORT,
} from '@lms/domain';
import { freightCalls, freightHandlers, freightStatement, freightTrips } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FreightStatementPage } from './FreightStatementPage.tsx';
import { freightScreenText as text } from './freightScreenText.ts';

const page = () => within(document.body);

function Harness({
  roles = [ROLE_ADMIN],
  width,
  onBack,
}: {
  readonly roles?: readonly string[];
  readonly width?: number;
  readonly onBack: () => void;
}) {
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <FreightStatementPage id="7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d01" onBack={onBack} />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Freight/Statement',
  component: Harness,
  args: { onBack: fn() },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closes the success snackbar, so the picture does not depend on its timing. */
async function closeSnackbar(message: string) {
  await expect(await page().findByText(message)).toBeVisible();
  await userEvent.click(page().getByRole('button', { name: designSystemMessages.snackbarClose }));
  await waitFor(() => expect(page().queryByText(message)).toBeNull());
}

export const Draft: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: `${freightText.title} FS-BKK-CTA-202610` }),
    ).toBeVisible();
    await expect(canvas.getByText('11,860.00')).toBeVisible();
    const trips = within(canvas.getByRole('grid', { name: freightText.trips }));
    await expect(trips.getByText('เกิน 150 กม. (ตามสัดส่วน)')).toBeVisible();
    await expect(trips.getByText('ไม่เกิน 75 กม. (ขั้นต่ำ)')).toBeVisible();
    await expect(trips.getByText('5,160.00')).toBeVisible();
    // The history is a call of its own, answered after the statement.
    await expect(
      await canvas.findByText('จัดทำใบสรุป: 4 เที่ยว ยอด 12,360.00 บาท', {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const AddAnAdjustment: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas }) => {
    const amount = await canvas.findByRole('textbox', { name: /^จำนวนเงิน/ });
    await userEvent.type(amount, '-250.5');
    await userEvent.type(canvas.getByRole('textbox', { name: /^เหตุผล/ }), 'ค่าปรับส่งช้า');
    await userEvent.click(canvas.getByRole('button', { name: text.save }));
    await waitFor(() =>
      expect(freightCalls).toEqual([
        { method: 'POST', path: 'adjust', body: { version: 3, amount: -250.5, reason: 'ค่าปรับส่งช้า' } },
      ]),
    );
    // 11,860.00 − 250.50
    await expect(await canvas.findByText('11,609.50')).toBeVisible();
    await expect(await canvas.findByText('เพิ่มรายการปรับยอด -250.50 บาท: ค่าปรับส่งช้า')).toBeVisible();
    await closeSnackbar(text.adjusted);
  },
};

export const AdjustmentNeedsAnAmountAndAReason: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: text.save }));
    await expect(
      await canvas.findByText('กรุณาระบุ จำนวนเงินที่ปรับ (บวก = จ่ายเพิ่ม, ลบ = หักออก) ที่ไม่ใช่ 0'),
    ).toBeVisible();
    await expect(canvas.getByText('กรุณาระบุ เหตุผลของการปรับยอด')).toBeVisible();
    await expect(freightCalls).toEqual([]);
  },
};

export const CheckedThenTheCheckerMayNotApprove: Story = {
  args: { roles: [ROLE_FREIGHT_STATEMENT_CHECK, ROLE_FREIGHT_STATEMENT_APPROVE] },
  beforeEach: ({ msw }) =>
    msw.use(...freightHandlers({ roles: [ROLE_FREIGHT_STATEMENT_CHECK, ROLE_FREIGHT_STATEMENT_APPROVE] })),
  play: async ({ canvas }) => {
    // No EDIT role: no recalculation, no adjustment form.
    await userEvent.click(await canvas.findByRole('button', { name: 'ยืนยันว่าตรวจแล้ว' }));
    await expect(await canvas.findByText(text.checkedOnly)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: text.save })).toBeNull();
    await closeSnackbar(text.moved('ตรวจแล้ว'));
    // The rule is said beside the button before any press, in the server's words; the button is off.
    const approve = canvas.getByRole('button', { name: 'อนุมัติ' });
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAccessibleDescription(
      'อนุมัติไม่ได้: ผู้ที่ตรวจใบสรุปนี้จะอนุมัติเองไม่ได้ (ผู้ตรวจและผู้อนุมัติต้องเป็นคนละคน)',
    );
    // Sending it back stays open to the checker.
    await expect(canvas.getByRole('button', { name: 'ส่งกลับไปแก้ไข' })).toBeEnabled();
  },
};

export const ApprovedForAccounting: Story = {
  args: { roles: [ROLE_FREIGHT_STATEMENT_EXPORT] },
  beforeEach: ({ msw }) =>
    msw.use(
      ...freightHandlers({
        roles: [ROLE_FREIGHT_STATEMENT_EXPORT],
        statement: freightStatement({
          state: 'APPROVED',
          checked: { userId: 'c', userLabel: 'checker01: วิชัย ตรวจดี', at: '2026-11-03T02:00:00.000Z' },
          approved: { userId: 'a', userLabel: 'manager01: ประภา อนุมัติ', at: '2026-11-04T02:00:00.000Z' },
        }),
      }),
    ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.readOnly)).toBeVisible();
    await expect(canvas.getByText(/manager01: ประภา อนุมัติ/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: freightText.recalculate })).toBeNull();
    await expect(canvas.queryByRole('button', { name: freightText.removeAdjustment })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: freightText.excel }));
    await waitFor(() => expect(freightCalls.map((c) => c.path)).toEqual(['excel']));
    await userEvent.click(canvas.getByRole('button', { name: 'ส่งออกให้ฝ่ายบัญชีแล้ว' }));
    await expect(await canvas.findByText('ส่งออกแล้ว', { selector: '[data-state]' })).toBeVisible();
    await closeSnackbar(text.moved('ส่งออกแล้ว'));
  },
};

export const TripWithoutAPrice: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      ...freightHandlers({
        statement: freightStatement({
          trips: [
            ...freightTrips,
            {
              ...freightTrips[0]!,
              shipmentId: '7d1c0a52-5c2f-4b8e-9d0e-000000000099',
              docNo: 'SH-2610-0099',
              vehicleTypeLabel: '10W: รถบรรทุก 10 ล้อ',
              tier: null,
              priceValidFrom: null,
              distanceFee: 0,
              fee: 0,
              problem:
                'คิดค่าขนส่งไม่ได้: ไม่มีราคาค่าขนส่งของ 10W: รถบรรทุก 10 ล้อ ที่ใช้ได้ในวันที่ 05/10/2569 (เพิ่มราคาในเมนู ราคาค่าขนส่งรถที่แนะนำ)',
            },
          ],
        }),
      }),
    ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.unpriced(1))).toBeVisible();
    await expect(canvas.getAllByText(/ไม่มีราคาค่าขนส่งของ 10W/)[0]).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers({ statement: 'loading' })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('กำลังโหลด');
  },
};

export const NotFound: Story = {
  beforeEach: ({ msw }) => msw.use(...freightHandlers({ statement: 'error' })),
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText('ไม่พบใบสรุปค่าขนส่งที่ต้องการ')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text.back }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

const longReason =
  'หักค่าเสียหายสินค้าแตกระหว่างขนส่ง กระเบื้องปูพื้นเซรามิก 12 กล่อง ของร้านวัสดุก่อสร้างเจริญรุ่งเรืองพัฒนา สาขาถนนมิตรภาพ ตามใบแจ้งความเสียหายเลขที่ DMG-2610-0042 ที่ลูกค้าลงนามรับทราบแล้ว';

export const LongThaiText: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      ...freightHandlers({
        statement: freightStatement({
          contractorLabel:
            'CT-NORTHEAST-0099: ห้างหุ้นส่วนจำกัด ขนส่งเจริญรุ่งเรืองพัฒนาทรานสปอร์ตแอนด์โลจิสติกส์ จังหวัดนครราชสีมา',
          adjustments: [
            {
              id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d39',
              amount: -1250.75,
              reason: longReason,
              at: '2026-11-02T03:15:00.000Z',
              userId: 'u',
              userLabel: 'clerk_northeast_region_02: นางสาวพรรณนิภา ศรีสุวรรณวงศ์',
            },
          ],
        }),
      }),
    ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(longReason)).toBeVisible();
    const remove = canvas.getByRole('button', { name: text.removeOf(longReason) });
    await expect(remove.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvas.getByRole('grid', { name: freightText.adjustments }).getBoundingClientRect().right + 1,
    );
  },
};

export const Phone: Story = {
  args: { width: 375 },
  beforeEach: ({ msw }) => msw.use(...freightHandlers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('11,860.00')).toBeVisible();
    const save = canvas.getByRole('button', { name: text.save });
    await expect(save.getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};
