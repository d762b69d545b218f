import { drawsOf, resetDraws } from '@lms/design-system/renderCounts';
import { type Body, entityApi, filesApi, MESSAGES, shipment, shipmentPlanningApi } from '@lms/domain';
import {
  FIXTURE_FILES,
  fixtureId,
  fixtureRecord,
  type MockAnswer,
  mock,
  nextHandler,
  refusal,
  requestPath,
} from '@lms/testing';
import { entityStories, pickFiles, seenRequests } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { EntityDetailPage } from './EntityDetailPage.tsx';
import type { EntityListPage } from './EntityListPage.tsx';

const s = entityStories('shipment');

const meta = {
  title: 'Pages/Shipment',
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
 * Waits until the filter panel has drawn every group it shows (it draws them a few at a time, in
 * transitions that yield to everything else: under the full suite's load all 38 once took past the
 * 8 s every other wait allows, though 4 s at 4× CPU alone). How fast is the web bench's business.
 */
const everyGroupDrawn = (panel: HTMLElement) =>
  waitFor(() => expect(panel.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 30_000 });

/** The shipment's many filters (spec §3) come from the declaration; a link carries date ranges and id lists. */
export const ManyFilters: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: {
    harness: {
      search: `planDateCheckInFrom=2026-11-01&planDateCheckInTo=2026-11-30&driverIds=${fixtureId('driver', 1)}&docNoEq=SH-2611-0001`,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('SH-2611-0001')).toBeVisible();
    const list = seenRequests.find((request) => request.path === requestPath(shipments.list));
    await expect(list?.params.get('planDateCheckInFrom')).toBe('2026-11-01');
    await expect(list?.params.get('driverIds')).toBe(fixtureId('driver', 1));
    await expect(canvas.getByRole('button', { name: 'ตัวกรอง (4)' })).toHaveAttribute('aria-expanded', 'true');
    const panel = await canvas.findByRole('region', { name: 'ตัวกรองการขนส่ง (Shipment)' });
    // Opened from a link, the panel shows the filters in use only (the rows stay on the first screen).
    await expect(
      [...panel.querySelectorAll('fieldset > legend')].map((legend) => legend.textContent),
    ).toEqual(['เลขที่เอกสาร', 'คนขับรถ', 'วันที่ตามแผน: เช็คอิน']);
    await userEvent.click(within(panel).getByRole('button', { name: /^แสดงตัวกรองทั้งหมด \(\d+\)$/ }));
    await everyGroupDrawn(panel);
    // One group per filterable field: stage dates and times included.
    await expect(within(panel).getByRole('group', { name: 'วันที่จริง: ส่งสินค้าเสร็จ' })).toBeVisible();
    await expect(within(panel).getByRole('group', { name: 'ผู้สร้าง' })).toBeVisible();
    // Applying a change keeps every group the planner asked to see.
    const docNo = within(panel).getByRole('textbox', { name: 'เลขที่เอกสาร: เท่ากับ' });
    resetDraws();
    await userEvent.clear(docNo);
    await userEvent.type(docNo, 'SH-2611-0002');
    // Typing into one filter draws that filter's control only, not the other 60 (issue 41,
    // interaction to next paint: each key drew every group's fields, dates and pickers).
    await expect(docNo).toHaveValue('SH-2611-0002');
    await expect(drawsOf('FilterControl')).toBe(1);
    await expect(drawsOf('DateField')).toBe(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'ใช้ตัวกรอง' }));
    await waitFor(() =>
      expect(seenRequests.some((request) => request.params.get('docNoEq') === 'SH-2611-0002')).toBe(true),
    );
    const applied = await canvas.findByRole('region', { name: 'ตัวกรองการขนส่ง (Shipment)' });
    await everyGroupDrawn(applied);
    await expect(within(applied).getByRole('group', { name: 'ผู้สร้าง' })).toBeVisible();
  },
};

/**
 * Opening the filters of a list with none in use draws the panel with its first groups and the
 * others a few at a time after it (issue 41, interaction to next paint: the shipment's 36–38 groups,
 * 76 controls, drawn in the click took 3.5 s of main thread at 4× CPU). Busy until all are drawn.
 */
export const FiltersDrawnAFewAtATime: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('SH-2611-0001')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ตัวกรอง' }));
    const panel = await canvas.findByRole('region', { name: 'ตัวกรองการขนส่ง (Shipment)' });
    const groups = () =>
      within(panel)
        .queryAllByRole('group')
        .filter((group) => group.tagName === 'FIELDSET');
    const first = groups().length;
    await expect(first).toBeGreaterThan(0);
    await expect(panel.querySelector('[aria-busy="true"]')).not.toBeNull();
    await everyGroupDrawn(panel);
    // One group per filterable field, 38 for this reader of everything: a few of them at first.
    await expect(groups()).toHaveLength(38);
    await expect(first).toBeLessThanOrEqual(12);
    // In the declaration's order, the first ones first.
    await expect(groups()[0]).toHaveAccessibleName('เลขที่เอกสาร');
    await expect(within(panel).getByRole('group', { name: 'ผู้สร้าง' })).toBeVisible();
  },
};

/**
 * A branch's figure opens its trips for one vehicle type (the performance screen): a reader of
 * bookings and shipments who may not read vehicle types sees how many the link chose and the rule
 * that hides their names, never asks for them, and can drop the filter; the other references'
 * filters that this user could not search are not offered.
 */
export const FilterByUnreadReference: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: {
    harness: {
      roles: ['ROLE_BOOKING_REPORT_READ', 'ROLE_SHIPMENT_READ'],
      search: `shiftDateFrom=2026-11-01&shiftDateTo=2026-11-30&vehicleTypeIds=${fixtureId('vehicleType', 1)}`,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('SH-2611-0001')).toBeVisible();
    const panel = await canvas.findByRole('region', { name: 'ตัวกรองการขนส่ง (Shipment)' });
    const chosen = within(panel).getByRole('group', { name: 'ประเภทรถ: เป็น' });
    await expect(chosen).toHaveTextContent(/1 รายการที่เลือกไว้ \(ไม่มีสิทธิ์ดู ประเภทรถ: ต้องมีสิทธิ์ /);
    await expect(seenRequests.some((request) => request.path.includes('/vehicleType/'))).toBe(false);
    await userEvent.click(within(panel).getByRole('button', { name: /^แสดงตัวกรองทั้งหมด \(\d+\)$/ }));
    await everyGroupDrawn(panel);
    await expect(within(panel).getByRole('group', { name: 'เลขที่เอกสาร' })).toBeVisible();
    await expect(within(panel).queryByRole('group', { name: 'คนขับรถ' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'ไม่ใช้ตัวกรองประเภทรถ: เป็น' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'ใช้ตัวกรอง' }));
    await waitFor(() =>
      expect(
        seenRequests.some(
          (request) =>
            request.path === requestPath(shipments.list) &&
            request.params.get('shiftDateFrom') === '2026-11-01' &&
            !request.params.has('vehicleTypeIds'),
        ),
      ).toBe(true),
    );
  },
};

/** Plan/actual pairs grouped per stage; an actual stage earlier than the one before is refused in Thai. */
export const StageOrder: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    const record = {
      ...fixtureRecord(shipment, 1),
      actDateLoadStart: '2026-11-04',
      actTimeLoadStart: '05:00',
    };
    msw.use(recordOf(record));
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await s.openEdit(canvasElement));
    for (const stage of ['เช็คอิน', 'เริ่มขึ้นสินค้า', 'ขึ้นสินค้าเสร็จ', 'ปิดเอกสารขนส่ง', 'ออกเดินทาง', 'ส่งสินค้าเสร็จ'])
      await expect(await dialog.findByRole('group', { name: stage })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await expect(await dialog.findByText('เวลาจริงของ "เริ่มขึ้นสินค้า" ต้องไม่ก่อนเวลาจริงของ "เช็คอิน"')).toBeVisible();
    await expect(seenRequests.some((request) => request.method === 'PUT')).toBe(false);
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

const tapRecord = {
  ...fixtureRecord(shipment, 1),
  actDateCheckIn: '2026-11-04',
  actTimeCheckIn: '07:40',
  actDateLoadStart: null,
  actTimeLoadStart: null,
  actDateLoadEnd: null,
  actTimeLoadEnd: null,
  actDateShipCom: null,
  actTimeShipCom: null,
  actDateShipStart: null,
  actTimeShipStart: null,
  actDateShipEnd: null,
  actTimeShipEnd: null,
};
const taps: { id: string; stage: string; at: string }[] = [];

const shipments = entityApi(shipment);
/** This record, whatever the list's fixtures hold; another's is the generic handlers'. */
const recordOf = (record: { readonly id: string }) =>
  mock(shipments.get, ({ params }) => (params.id === record.id ? record : nextHandler));
/** The stage taps of this record, answered by `answer`. */
const stageOf = (
  record: { readonly id: string },
  answer: (
    tap: Body<typeof shipmentPlanningApi.recordStage>,
  ) => MockAnswer<typeof shipmentPlanningApi.recordStage>,
) =>
  mock(shipmentPlanningApi.recordStage, ({ params, body }) =>
    params.id === record.id ? answer(body) : nextHandler,
  );
let offline = false;

/**
 * "บันทึกเวลาจริง" (issue 19): one tap records the next stage at the tap's time. Offline, the tap
 * waits on the phone and says so; back online it is sent once, with its own id and time.
 */
export const RecordStageOffline: Story = {
  name: 'Detail: record the next stage, offline then back',
  beforeEach: ({ msw }) => {
    s.mount(msw);
    taps.splice(0);
    offline = true;
    localStorage.removeItem('lms.shipmentStageTaps');
    msw.use(
      recordOf(tapRecord),
      stageOf(tapRecord, (body) => {
        if (offline) return HttpResponse.error();
        taps.push(body);
        return {
          id: tapRecord.id,
          stage: body.stage,
          at: { date: '2026-11-04', time: '08:00' },
          duplicate: false,
        };
      }),
    );
  },
  render: () => <EntityDetailPage entity="shipment" id={fixtureId('shipment', 1)} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'บันทึกเวลาจริง: เริ่มขึ้นสินค้า' }));
    // By its text: the print menu beside it has a status region of its own.
    await expect(await canvas.findByText('รอส่ง 1 รายการเมื่อมีสัญญาณ (เริ่มขึ้นสินค้า)')).toBeVisible();
    // The waiting stage is not offered again: the next one is.
    await expect(canvas.getByRole('button', { name: 'บันทึกเวลาจริง: ขึ้นสินค้าเสร็จ' })).toBeVisible();
    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(taps).toHaveLength(1));
    await expect(taps[0]!.stage).toBe('LoadStart');
    await waitFor(() => expect(canvas.queryByText(/^รอส่ง/)).toBeNull());
    window.dispatchEvent(new Event('online'));
    await expect(taps).toHaveLength(1);
    localStorage.removeItem('lms.shipmentStageTaps');
  },
};

const ORDER_MESSAGE = 'เวลาจริงของ "เริ่มขึ้นสินค้า" ต้องไม่ก่อนเวลาจริงของ "เช็คอิน"';
const clock = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/**
 * The tap's time is editable: typed before the tap it is sent instead of now; the server's stage
 * order still decides and its Thai refusal is shown (nothing waits on the phone).
 */
export const RecordStageAtTypedTime: Story = {
  name: 'Detail: record a stage at a typed time, refused out of order',
  beforeEach: ({ msw }) => {
    s.mount(msw);
    taps.splice(0);
    localStorage.removeItem('lms.shipmentStageTaps');
    msw.use(
      recordOf(tapRecord),
      stageOf(tapRecord, (body) => {
        taps.push(body);
        // The server's rule in small: check-in was at 07:40.
        if (clock(body.at) < '07:40') return refusal(422, ORDER_MESSAGE);
        return {
          id: tapRecord.id,
          stage: body.stage,
          at: { date: '2026-11-04', time: clock(body.at) },
          duplicate: false,
        };
      }),
    );
  },
  render: () => <EntityDetailPage entity="shipment" id={fixtureId('shipment', 1)} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    const time = await canvas.findByRole('group', { name: 'เวลาจริงของเริ่มขึ้นสินค้า' });
    await expect(time).toHaveAccessibleDescription('เว้นว่าง = เวลาที่กด');
    const type = async (hhmm: string) => {
      await userEvent.click(within(time).getAllByRole('spinbutton')[0] as HTMLElement);
      await userEvent.keyboard(hhmm);
    };
    await type('0730');
    await userEvent.click(canvas.getByRole('button', { name: 'บันทึกเวลาจริง: เริ่มขึ้นสินค้า' }));
    await expect(await screen.findByText(ORDER_MESSAGE)).toBeVisible();
    await expect(canvas.queryByRole('status', { name: /รอส่ง/ })).toBeNull();
    await type('0755');
    await userEvent.click(canvas.getByRole('button', { name: 'บันทึกเวลาจริง: เริ่มขึ้นสินค้า' }));
    await waitFor(() => expect(taps).toHaveLength(2));
    await expect(clock(taps[1]!.at)).toBe('07:55');
    await expect(new Date(taps[1]!.at).getTime()).toBeLessThanOrEqual(Date.now());
    // Sent: the field is empty again (the next tap is "now" unless typed).
    await waitFor(() => expect(within(time).getAllByRole('spinbutton')[0]).toHaveTextContent(/^\D*$/));
  },
};

const UNUSUAL =
  'เวลา "เริ่มขึ้นสินค้า" 20:20 น. 03/11/2569 เร็วกว่าเวลาที่วางแผนไว้เกิน 1 ชม. (กะเช้า 04/11/2569 08:00–12:00 น.): ยืนยันว่าเป็นเวลาจริงหรือไม่';
const asked: { stage: string; confirmUnusual?: boolean }[] = [];

/** The server's question about a tap (409), answered by `keep`: sent again with confirmUnusual, or dropped. */
const askedOnce = (keep: boolean): Story => ({
  beforeEach: ({ msw }) => {
    s.mount(msw);
    asked.splice(0);
    localStorage.removeItem('lms.shipmentStageTaps');
    msw.use(
      recordOf(tapRecord),
      stageOf(tapRecord, (body) => {
        asked.push({ stage: body.stage, confirmUnusual: body.confirmUnusual });
        if (!body.confirmUnusual) return refusal(409, UNUSUAL);
        return {
          id: tapRecord.id,
          stage: body.stage,
          at: { date: '2026-11-03', time: '20:20' },
          duplicate: false,
        };
      }),
    );
  },
  render: () => <EntityDetailPage entity="shipment" id={fixtureId('shipment', 1)} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'บันทึกเวลาจริง: เริ่มขึ้นสินค้า' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'ยืนยันเวลาจริง' }));
    await expect(dialog.getByText(UNUSUAL)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: keep ? 'บันทึกเวลานี้' : 'ไม่บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (keep) {
      await waitFor(() => expect(asked).toHaveLength(2));
      await expect(asked[1]).toEqual({ stage: 'LoadStart', confirmUnusual: true });
    } else {
      await expect(asked).toHaveLength(1);
      // Dropped: nothing waits on the phone, and the same stage is offered again.
      await expect(canvas.queryByText(/^รอส่ง/)).toBeNull();
      await expect(canvas.getByRole('button', { name: 'บันทึกเวลาจริง: เริ่มขึ้นสินค้า' })).toBeVisible();
    }
    localStorage.removeItem('lms.shipmentStageTaps');
  },
});

/** Issue 43 item 2: a time the server finds unusual for the shipment's day and shift is asked about. */
export const RecordStageUnusualKept: Story = {
  name: 'Detail: an unusual stage time asked about, then recorded',
  ...askedOnce(true),
};
export const RecordStageUnusualDropped: Story = {
  name: 'Detail: an unusual stage time asked about, then dropped',
  ...askedOnce(false),
};

const proofGroup = 'หลักฐานการส่งมอบ (ใบส่งของที่ลงนาม, รูปถ่าย)';

/**
 * Issue 23: the signed delivery note and the photo at ShipEnd. The form lists the attached files by
 * their Thai names (spec §7 file/info), uploads one more (file/upload) and saves the ids in order.
 */
export const ProofOfDelivery: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvasElement }) => {
    const dialog = within(await s.openEdit(canvasElement));
    const group = within(dialog.getByRole('group', { name: proofGroup }));
    await expect(await group.findByText(FIXTURE_FILES[1].origName)).toBeVisible();
    await expect(await group.findByText(FIXTURE_FILES[2].origName)).toBeVisible();
    pickFiles(dialog.getByRole('group', { name: proofGroup }), [
      new File(['%PDF-1.4'], 'ใบส่งของ ShipEnd ลงนาม.pdf', { type: 'application/pdf' }),
    ]);
    await expect(await group.findByText('ใบส่งของ ShipEnd ลงนาม.pdf')).toBeVisible();
    await userEvent.click(group.getByRole('button', { name: `ลบไฟล์ ${FIXTURE_FILES[1].origName}` }));
    await expect(group.queryByText(FIXTURE_FILES[1].origName)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(seenRequests.some((request) => request.method === 'PUT')).toBe(true));
    const put = seenRequests.find((request) => request.method === 'PUT')!;
    await expect((put.body as { attachments: string[] }).attachments).toEqual([
      FIXTURE_FILES[2].id,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
  },
};

/** A file whose name cannot be loaded shows the client's connection message (spec §8) and stays removable. */
export const ProofOfDeliveryInfoFailed: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    msw.use(mock(filesApi.info, () => HttpResponse.error()));
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await s.openEdit(canvasElement));
    const group = within(dialog.getByRole('group', { name: proofGroup }));
    // One alert per file, each after its own info request fails.
    const alerts = await waitFor(() => {
      const shown = group.getAllByRole('alert');
      expect(shown).toHaveLength(2);
      return shown;
    });
    await expect(alerts[0]).toHaveTextContent(MESSAGES.cannotConnect.text);
    await expect(group.getAllByRole('button', { name: 'ลบไฟล์' })).toHaveLength(2);
  },
};

/** The detail page shows the files by name, each with its download (file/{id}). */
export const ProofOfDeliveryDetail: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    msw.use(
      mock(
        filesApi.download,
        () =>
          new HttpResponse(new Blob(['%PDF-1.4']), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="a.pdf"',
            },
          }),
      ),
    );
  },
  render: () => <EntityDetailPage entity="shipment" id={fixtureId('shipment', 1)} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(FIXTURE_FILES[1].origName)).toBeVisible();
    await expect(await canvas.findByText(FIXTURE_FILES[2].origName)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^ลบไฟล์/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `ดาวน์โหลด ${FIXTURE_FILES[1].origName}` }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};
