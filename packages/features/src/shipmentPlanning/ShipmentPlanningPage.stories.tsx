import { designSystemMessages } from '@lms/design-system';
import { drawsOf, resetDraws } from '@lms/design-system/renderCounts';
import {
  type DaySheetQuery,
  documentsApi,
  type PlanShift,
  ROLE_ADMIN,
  readRoleOf,
  type SlotPlan,
  shiftCheckedInMessage,
  shipmentPlanningApi,
  tripsOf,
} from '@lms/domain';
import {
  confirmedSlot,
  emptySlot,
  LOST_RACE,
  mixedFleetSlot,
  mock,
  neverAnswered,
  type PlanningMockOptions,
  pickupTripSlot,
  plannedSlot,
  planningHandlers,
  REFUSED_MOVE,
  refusal,
  requestPath,
  STORY_TODAY,
  shiftsFixture,
  twoTripSlot,
} from '@lms/testing';
import { callRecorder, fakeTab, PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ShipmentPlanningPage } from './ShipmentPlanningPage.tsx';
import type { SlotPlace } from './useSlotPlanning.ts';

const recorder = callRecorder();
const screen = () => within(document.body);

/** The places the page asked its host to write into its address. */
const placesWritten: SlotPlace[] = [];

function PlanningHarness({
  roles = [ROLE_ADMIN],
  width,
  tiles = null,
  place,
}: {
  readonly roles?: readonly string[];
  readonly width?: number;
  /** Map tiles: none in stories (no internet), or a source that cannot answer. */
  readonly tiles?: string | null;
  /** The day and shift of the page's address. */
  readonly place?: SlotPlace;
}) {
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <ShipmentPlanningPage
        today={STORY_TODAY}
        tileUrlTemplate={tiles}
        {...(place ? { place } : {})}
        onPlaceChange={(next) => placesWritten.push(next)}
      />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Shipment Planning/Page',
  component: PlanningHarness,
} satisfies Meta<typeof PlanningHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

function mocked(options: PlanningMockOptions = {}): Story['beforeEach'] {
  return ({ msw }) => {
    recorder.reset();
    msw.use(...planningHandlers({ ...options, onCall: recorder.onCall }));
  };
}

type Canvas = ReturnType<typeof within>;
const pressAutoPlan = async (canvas: Canvas) => {
  const button = await canvas.findByRole('button', { name: 'จัดรถอัตโนมัติ' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
};
const autoPlan = async (canvas: Canvas) => {
  await pressAutoPlan(canvas);
  return canvas.findByRole('region', { name: '70-1234 รถ 6 ล้อ' });
};

export const Loading: Story = {
  beforeEach: mocked({ slot: 'loading' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('กำลังโหลดข้อมูลกะ…')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'จัดรถอัตโนมัติ' })).toBeDisabled();
  },
};

export const Empty: Story = {
  beforeEach: mocked({ slot: emptySlot }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ไม่มีการจองที่ยืนยันแล้วในกะนี้')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'จัดรถอัตโนมัติ' })).toBeDisabled();
    await expect(canvas.getByText('ยังไม่มีแผน')).toBeInTheDocument();
  },
};

export const Unplanned: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/กด “จัดรถอัตโนมัติ”/)).toBeInTheDocument();
    await expect(canvas.getByText('4 รายการ')).toBeInTheDocument();
    await expect(canvas.getByText('3 คัน')).toBeInTheDocument();
  },
};

export const Planned: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    await expect(recorder.calls[0]).toMatchObject({
      path: requestPath(shipmentPlanningApi.plan),
      body: { date: '2025-01-06', shiftOfDayId: plannedSlot.shiftOfDayId },
    });
    // Truck, driver, load bars for weight, volume and time, stops in order with planned arrival.
    await expect(trip.getByRole('button', { name: /คนขับ/ })).toHaveTextContent('สมชาย ขยันดี');
    await expect(trip.getByRole('meter', { name: 'น้ำหนัก' })).toHaveAttribute('aria-valuenow', '80');
    await expect(trip.getByRole('meter', { name: 'ปริมาตร' })).toBeInTheDocument();
    await expect(trip.getByRole('meter', { name: 'เวลา' })).toHaveAttribute('aria-valuenow', '67');
    const stops = trip.getAllByRole('listitem');
    await expect(stops.map((s) => s.querySelector('strong')?.textContent)).toEqual([
      '1. BK20250106000001',
      '2. BK20250106000002',
    ]);
    await expect(stops[1]).toHaveTextContent('ถึง 09:35');
    await expect(canvas.getByText('แผนยังไม่ยืนยัน')).toBeInTheDocument();
    // The routes' map: one line per trip from the branch, the unassigned booking in grey.
    const map = canvas.getByRole('img', { name: /^แผนที่เส้นทาง/ });
    await expect(map).toHaveAccessibleName('แผนที่เส้นทาง: รถ 70-1234 2 จุด, รถ 70-5678 1 จุด, ยังไม่ได้จัดรถ 1 จุด');
    await expect(map.querySelectorAll('[data-route]')).toHaveLength(2);
    await expect(map.querySelectorAll('[data-unassigned]')).toHaveLength(1);
    await expect(map.closest('[data-tiles]')).toHaveAttribute('data-tiles', 'none');
  },
};

/**
 * The branch allows two trips a truck: 70-1234's trips are two columns in order, each saying
 * which trip it is, its second leaving after the first is back, with the same driver; the map
 * names both. (Confirming them is the server's test: one shipment per trip.)
 */
export const TwoTripsOfATruck: Story = {
  beforeEach: mocked({ planned: twoTripSlot }),
  play: async ({ canvas }) => {
    await pressAutoPlan(canvas);
    const first = await canvas.findByRole('region', { name: /70-1234.*เที่ยวที่ 1/ });
    const second = canvas.getByRole('region', { name: /70-1234.*เที่ยวที่ 2/ });
    const columns = canvas.getAllByRole('region', { name: /70-|3ฒ-/ });
    await expect(columns.indexOf(first) + 1).toBe(columns.indexOf(second));
    await expect(within(second).getByText(/เช็คอิน 10:10 · ออกรถ 10:45/)).toBeInTheDocument();
    await expect(within(second).getByRole('button', { name: /คนขับ/ })).toHaveTextContent('สมชาย ขยันดี');
    await expect(canvas.getByRole('region', { name: '70-5678 รถ 6 ล้อ' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: /^แผนที่เส้นทาง/ })).toHaveAccessibleName(
      'แผนที่เส้นทาง: รถ 70-1234 เที่ยวที่ 1 2 จุด, รถ 70-1234 เที่ยวที่ 2 1 จุด, รถ 70-5678 1 จุด',
    );
  },
};

/** Tiles that cannot load (no internet): the routes stay, on a plain background, with a notice. */
export const MapWithoutInternet: Story = {
  args: { tiles: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
  beforeEach: mocked({ slot: confirmedSlot }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ไม่สามารถโหลดแผนที่ได้ แสดงตำแหน่งบนพื้นหลังเปล่า')).toBeVisible();
    const map = canvas.getByRole('img', { name: /^แผนที่เส้นทาง/ });
    await expect(map.querySelectorAll('[data-route]').length).toBeGreaterThan(0);
    await expect(map.closest('[data-tiles]')).toHaveAttribute('data-tiles', 'failed');
    canvas.getByRole('heading', { name: 'แผนที่เส้นทาง' }).scrollIntoView();
  },
};

export const UnassignedWithReasons: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await autoPlan(canvas);
    const column = within(canvas.getByRole('region', { name: 'ยังไม่ได้จัดรถ (1)' }));
    await expect(column.getByText('รถทุกคันเต็มหรือไม่ทันเวลาเมื่อรวมกับจุดส่งอื่นแล้ว')).toBeInTheDocument();
    // Placing it by keyboard on the third truck opens a trip for that truck; the server re-checks it.
    // The browser's own select (NativeSelectField): the third truck chosen in it.
    const place = column.getByRole('combobox', { name: 'จัด BK20250106000004 ลงรถ' });
    place.focus();
    await userEvent.selectOptions(place, plannedSlot.trucks[2]!.id);
    await waitFor(() => expect(recorder.calls.at(-1)?.path).toBe(requestPath(shipmentPlanningApi.evaluate)));
    const trips = (recorder.calls.at(-1)!.body as { trips: { vehicleId: string; driverId: string | null }[] })
      .trips;
    await expect(trips.map((t) => t.vehicleId)).toEqual([
      plannedSlot.trucks[0]!.id,
      plannedSlot.trucks[1]!.id,
      plannedSlot.trucks[2]!.id,
    ]);
    await expect(trips[2]!.driverId).toBeNull();
  },
};

/**
 * A day being typed: its year's first digits (0002, 0020, 0202) are no day, so the page asks the
 * server for none of them and says what it waits for; the year whole, the day's plan is asked. A day
 * typed over it (15/12) asks for that day alone, not for the days its digits pass through.
 */
export const DayBeingTyped: Story = {
  beforeEach: ({ msw }) => {
    recorder.reset();
    // The slot's asks recorded by their day (first: msw takes the first handler that matches).
    msw.use(
      mock(shipmentPlanningApi.slot, ({ query }) => {
        recorder.onCall({ method: 'GET', path: query.date, body: null });
        return plannedSlot;
      }),
      ...planningHandlers({ slot: plannedSlot }),
    );
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: '70-1234 รถ 6 ล้อ' });
    const year = within(canvas.getByRole('group', { name: 'วันที่ส่ง' })).getAllByRole('spinbutton')[2]!;
    const asked = recorder.calls.length;
    await userEvent.click(year);
    await userEvent.keyboard('202');
    await expect(await canvas.findByText(/กรอกวันที่ส่งให้ครบ/)).toBeVisible();
    await expect(canvas.queryByRole('region', { name: '70-1234 รถ 6 ล้อ' })).toBeNull();
    await expect(recorder.calls.length).toBe(asked);
    await userEvent.keyboard('4');
    await canvas.findByRole('region', { name: '70-1234 รถ 6 ล้อ' });
    await expect(recorder.calls.slice(asked).map((c) => c.path)).toEqual(['2024-01-06']);
    // A day typed over it asks for that day alone, not for 01/01 and 15/01 it passes through.
    await userEvent.click(
      within(canvas.getByRole('group', { name: 'วันที่ส่ง' })).getAllByRole('spinbutton')[0]!,
    );
    await userEvent.keyboard('1512');
    await waitFor(() => expect(recorder.calls.length).toBe(asked + 2), { timeout: 2000 });
    await expect(recorder.calls.slice(asked).map((c) => c.path)).toEqual(['2024-01-06', '2024-12-15']);
  },
};

/** The slot's asks, recorded by their day and shift (msw takes the first handler that matches). */
const slotsAsked: string[] = [];
const recordingSlots =
  (): Story['beforeEach'] =>
  ({ msw }) => {
    slotsAsked.length = 0;
    placesWritten.length = 0;
    msw.use(
      mock(shipmentPlanningApi.slot, ({ query }) => {
        slotsAsked.push(`${query.date} ${query.shiftOfDayId}`);
        return plannedSlot;
      }),
      ...planningHandlers({ slot: plannedSlot }),
    );
  };
const [morning, afternoon] = shiftsFixture as [PlanShift, PlanShift];

/**
 * Opened on the slot its address names (a reload, a shared link): that day and shift are asked
 * for and shown; a shift chosen is written back for the host's address, with the day.
 */
export const OpenedOnItsAddress: Story = {
  args: { place: { date: '2025-01-07', shift: afternoon.id } },
  beforeEach: recordingSlots(),
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: '70-1234 รถ 6 ล้อ' });
    await expect(slotsAsked).toEqual([`2025-01-07 ${afternoon.id}`]);
    await expect(canvas.getByRole('button', { name: /กะบ่าย 13:00–17:00/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /กะบ่าย 13:00–17:00/ }));
    await userEvent.click(await screen().findByRole('option', { name: /กะเช้า/ }));
    await waitFor(() => expect(slotsAsked.at(-1)).toBe(`2025-01-07 ${morning.id}`));
    await expect(placesWritten).toEqual([{ date: '2025-01-07', shift: morning.id }]);
  },
};

/** An address with a shift the branch does not have (deleted, another branch's): its first shift instead. */
export const AddressWithAnUnknownShift: Story = {
  args: { place: { date: '2025-01-07', shift: 'no-such-shift' } },
  beforeEach: recordingSlots(),
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: '70-1234 รถ 6 ล้อ' });
    await expect(slotsAsked).toEqual([`2025-01-07 ${morning.id}`]);
    await expect(canvas.getByRole('button', { name: /กะเช้า 08:00–12:00/ })).toBeVisible();
  },
};

/**
 * A move the server refuses: its rule shows where the planner is (a snackbar), not at the page's
 * top, out of sight of a stop further down the board; the plan stays as it was.
 */
export const RefusedMove: Story = {
  beforeEach: mocked({ evaluate: 'refuse' }),
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    const up = trip.getByRole('button', { name: 'ขึ้น: BK20250106000002' });
    up.scrollIntoView({ block: 'end' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    const refusal = await screen().findByRole('alert');
    await expect(refusal).toHaveTextContent(REFUSED_MOVE);
    const box = refusal.getBoundingClientRect();
    await expect(box.top >= 0 && box.bottom <= window.innerHeight).toBe(true);
    await expect(canvas.queryByRole('alert')).toBeNull();
    const body = recorder.calls.at(-1)!.body as { trips: { stops: { bookingId: string }[] }[] };
    await expect(body.trips[0]!.stops.map((s) => s.bookingId)).toEqual([
      plannedSlot.bookings[1]!.id,
      plannedSlot.bookings[0]!.id,
    ]);
    // The plan shown stays as it was.
    await expect(trip.getAllByRole('listitem')[0]).toHaveTextContent('1. BK20250106000001');
    // Read, closed: the picture does not depend on the snackbar's timing.
    await userEvent.click(screen().getByRole('button', { name: designSystemMessages.snackbarClose }));
    window.scrollTo(0, 0);
  },
};

/** plannedSlot with 70-1234's two stops the other way round: the server's answer to its "ขึ้น". */
const movedUpSlot = {
  ...plannedSlot,
  trips: plannedSlot.trips.map((trip, i) => (i === 0 ? { ...trip, stops: [...trip.stops].reverse() } : trip)),
};

/**
 * A move draws the trip it changed, not the others (issue 41, interaction to next paint: every
 * move drew every trip's stops, buttons and selects twice, disabled and then with the answer).
 * While the move is out the board is inert and busy, and no trip draws for it. Counted by
 * `@lms/design-system/renderCounts` (a trip column draws its three load bars).
 */
export const AMoveDrawsTheTripItChanged: Story = {
  name: 'A move draws the trip it changed, not the others',
  beforeEach: ({ msw }) => {
    recorder.reset();
    msw.use(
      mock(shipmentPlanningApi.evaluate, () => movedUpSlot),
      ...planningHandlers({ onCall: recorder.onCall }),
    );
  },
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    const up = trip.getByRole('button', { name: 'ขึ้น: BK20250106000002' });
    await waitFor(() => expect(up).toBeEnabled());
    const board = canvas.getByRole('region', { name: 'เที่ยวรถ' });
    resetDraws();
    await userEvent.click(up);
    await waitFor(() => expect(trip.getAllByRole('listitem')[0]).toHaveTextContent('1. BK20250106000002'));
    await expect(board).not.toHaveAttribute('aria-busy');
    await expect(board.inert).toBe(false);
    await expect(drawsOf('LoadBar')).toBe(3);
    await expect(drawsOf('UnassignedColumn')).toBe(0);
  },
};

/** While a move is with the server, the board is inert and says it is busy; its answer frees it. */
export const BusyWhileAMoveIsOut: Story = {
  name: 'Busy while a move is out',
  beforeEach: ({ msw }) => {
    recorder.reset();
    msw.use(
      mock(shipmentPlanningApi.evaluate, () => neverAnswered()),
      ...planningHandlers({ onCall: recorder.onCall }),
    );
  },
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    const up = trip.getByRole('button', { name: 'ขึ้น: BK20250106000002' });
    await waitFor(() => expect(up).toBeEnabled());
    await userEvent.click(up);
    const board = canvas.getByRole('region', { name: 'เที่ยวรถ' });
    await waitFor(() => expect(board).toHaveAttribute('aria-busy', 'true'));
    await expect(board.inert).toBe(true);
    // The automatic plan waits too.
    await expect(canvas.getByRole('button', { name: 'จัดรถอัตโนมัติ' })).toBeDisabled();
  },
};

type Sent = { trips: { vehicleId: string; stops: { bookingId: string }[] }[] };
const sentStops = () =>
  (recorder.calls.at(-1)!.body as Sent).trips.map((t) => [t.vehicleId, t.stops.map((s) => s.bookingId)]);
const [truck1, truck2] = plannedSlot.trucks.map((t) => t.id);
const [bk1, bk2, bk3] = plannedSlot.bookings.map((b) => b.id);

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

/**
 * A stop's truck lists offer the trucks of the type it booked, no other: the server would refuse
 * them ("จองรถประเภทอื่นไว้"). BK…04 is booked for a pickup, the others for 6-wheelers.
 */
export const TruckListsOfferTheBookedType: Story = {
  beforeEach: mocked({ planned: mixedFleetSlot }),
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    await expect(optionTexts(trip.getByRole('combobox', { name: 'ย้าย BK20250106000001 ไปรถ' }))).toEqual([
      'เลือก...',
      '70-5678 (รถ 6 ล้อ)',
      '3ฒ-4455 (รถ 6 ล้อ)',
    ]);
    const column = within(canvas.getByRole('region', { name: 'ยังไม่ได้จัดรถ (1)' }));
    const place = column.getByRole('combobox', { name: 'จัด BK20250106000004 ลงรถ' });
    await expect(optionTexts(place)).toEqual(['เลือก...', '71-0001 (รถกระบะ 4 ล้อ)']);
    place.focus();
    await userEvent.selectOptions(place, mixedFleetSlot.trucks[3]!.id);
    await waitFor(() => expect(recorder.calls.at(-1)?.path).toBe(requestPath(shipmentPlanningApi.evaluate)));
    await expect((recorder.calls.at(-1)!.body as Sent).trips.at(-1)?.vehicleId).toBe(
      mixedFleetSlot.trucks[3]!.id,
    );
  },
};

/** The only truck of its type: in place of a list with nothing in it, the stop says there is no other. */
export const NoOtherTruckOfItsType: Story = {
  beforeEach: mocked({ planned: pickupTripSlot }),
  play: async ({ canvas }) => {
    await pressAutoPlan(canvas);
    const trip = within(await canvas.findByRole('region', { name: '71-0001 รถกระบะ 4 ล้อ' }));
    await expect(trip.getByText('ไม่มีรถกระบะ 4 ล้อคันอื่นในกะนี้')).toBeVisible();
    await expect(trip.queryByRole('combobox', { name: 'ย้าย BK20250106000004 ไปรถ' })).toBeNull();
    // The 6-wheelers' stops still offer each other.
    await expect(canvas.getByRole('combobox', { name: 'ย้าย BK20250106000003 ไปรถ' })).toBeEnabled();
  },
};

/**
 * Keyboard path 1: the stop's "ย้ายไปรถ" picker moves it to the end of another truck's trip; the
 * server re-checks the new plan.
 */
export const MoveToTripByKeyboard: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    // The browser's own select (NativeSelectField, the platform's keys): the other truck chosen.
    const move = trip.getByRole('combobox', { name: 'ย้าย BK20250106000001 ไปรถ' });
    move.focus();
    await expect(
      within(move)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'เลือก...',
      `${plannedSlot.trucks[1]!.licensePlate} (${plannedSlot.trucks[1]!.vehicleTypeName})`,
      `${plannedSlot.trucks[2]!.licensePlate} (${plannedSlot.trucks[2]!.vehicleTypeName})`,
    ]);
    await userEvent.selectOptions(move, truck2!);
    await waitFor(() => expect(recorder.calls.at(-1)?.path).toBe(requestPath(shipmentPlanningApi.evaluate)));
    await expect(sentStops()).toEqual([
      [truck1, [bk2]],
      [truck2, [bk3, bk1]],
    ]);
  },
};

/**
 * Keyboard path 2, react-aria's drag and drop: Enter on a stop's drag handle, Tab to another
 * truck's column, Enter. The stop goes to the end of that trip and the server re-checks it.
 */
export const DragByKeyboard: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    trip.getByRole('button', { name: 'ลาก BK20250106000001' }).focus();
    await userEvent.keyboard('{Enter}');
    // Drop targets take turns with Tab; stop at the second truck's column.
    for (let i = 0; i < 5 && document.activeElement?.getAttribute('aria-label') !== 'วางที่รถ 70-5678'; i++)
      await userEvent.keyboard('{Tab}');
    await expect(document.activeElement).toHaveAccessibleName('วางที่รถ 70-5678');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(recorder.calls.at(-1)?.path).toBe(requestPath(shipmentPlanningApi.evaluate)));
    await expect(sentStops()).toEqual([
      [truck1, [bk2]],
      [truck2, [bk3, bk1]],
    ]);
  },
};

/**
 * A stop dragged by keyboard is offered the trips of the type it booked and the stops on no truck,
 * never a truck of another type (the server would refuse it): the pickup's trip is no target for a
 * 6-wheeler's stop, and the pickup's stop is a target of nothing but its own trip and the unassigned.
 */
export const DragOffersTheBookedType: Story = {
  beforeEach: mocked({ planned: pickupTripSlot }),
  play: async ({ canvas }) => {
    await pressAutoPlan(canvas);
    const pickup = within(await canvas.findByRole('region', { name: '71-0001 รถกระบะ 4 ล้อ' }));
    const targetsOf = async (handle: HTMLElement) => {
      handle.focus();
      await userEvent.keyboard('{Enter}');
      const seen = new Set<string>();
      for (let i = 0; i < 8; i++) {
        seen.add(document.activeElement?.getAttribute('aria-label') ?? '');
        await userEvent.keyboard('{Tab}');
      }
      await userEvent.keyboard('{Escape}');
      return [...seen].filter((label) => label.startsWith('วางที่')).sort();
    };
    await expect(await targetsOf(canvas.getByRole('button', { name: 'ลาก BK20250106000001' }))).toEqual([
      'วางที่ยังไม่ได้จัดรถ',
      'วางที่รถ 70-1234',
      'วางที่รถ 70-5678',
    ]);
    await expect(await targetsOf(pickup.getByRole('button', { name: 'ลาก BK20250106000004' }))).toEqual([
      'วางที่ยังไม่ได้จัดรถ',
      'วางที่รถ 71-0001',
    ]);
  },
};

/** Dispatches the browser's drag events of a pointer drag from `source` to a point of `target`. */
async function pointerDrag(source: Element, target: Element, clientY: number) {
  const data = new DataTransfer();
  const box = target.getBoundingClientRect();
  const at = {
    clientX: box.left + box.width / 2,
    clientY,
    bubbles: true,
    cancelable: true,
    dataTransfer: data,
  };
  source.dispatchEvent(
    new DragEvent('dragstart', { ...at, clientY: source.getBoundingClientRect().top + 5 }),
  );
  target.dispatchEvent(new DragEvent('dragenter', at));
  target.dispatchEvent(new DragEvent('dragover', at));
  target.dispatchEvent(new DragEvent('drop', at));
  source.dispatchEvent(new DragEvent('dragend', at));
}

/** With a pointer, a stop dropped above the first stop of its own trip becomes the first (reorder). */
export const DragToReorder: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const trip = within(await autoPlan(canvas));
    const [first, second] = trip.getAllByRole('listitem');
    const card = second!.querySelector('[data-draggable]') as Element;
    const zone = first!.closest('[data-drop-area]') as Element;
    await pointerDrag(card, zone, first!.getBoundingClientRect().top + 2);
    await waitFor(() => expect(recorder.calls.at(-1)?.path).toBe(requestPath(shipmentPlanningApi.evaluate)));
    await expect(sentStops()).toEqual([
      [truck1, [bk2, bk1]],
      [truck2, [bk3]],
    ]);
  },
};

export const Confirmed: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await autoPlan(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'ยืนยันแผน' }));
    await expect(await canvas.findByText('ยืนยันแผนแล้ว (ครั้งที่ 1)')).toBeInTheDocument();
    await expect(recorder.calls.at(-1)).toMatchObject({
      path: requestPath(shipmentPlanningApi.confirm),
      body: { version: 0 },
    });
    await expect(canvas.getByText('SH202501060001')).toBeInTheDocument();
    await expect(canvas.getByText('1/2 (50.0%)')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'ยืนยันแผน' })).toBeDisabled();
  },
};

export const LostRace: Story = {
  name: 'Confirm: another dispatcher confirmed first (409)',
  beforeEach: mocked({ confirm: 'conflict' }),
  play: async ({ canvas }) => {
    await autoPlan(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'ยืนยันแผน' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(LOST_RACE);
    await expect(await canvas.findByText('ยืนยันแผนแล้ว (ครั้งที่ 2)')).toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  name: 'Read role: plans, cannot confirm',
  args: { roles: [readRoleOf('SHIPMENT')] },
  beforeEach: mocked({ slot: confirmedSlot }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ยืนยันแผนแล้ว (ครั้งที่ 1)')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'ยืนยันแผน' })).toBeNull();
    // The day sheet lists bookings, which this role may not read.
    await expect(canvas.queryByRole('button', { name: 'พิมพ์ใบงานประจำวัน' })).toBeNull();
  },
};

/** The first trip's truck (70-1234) has checked in: the confirmed plan stays; only a re-plan may change it. */
const checkedInSlot = {
  ...confirmedSlot,
  trips: confirmedSlot.trips.map((trip, i) => (i === 0 ? { ...trip, checkedIn: true } : trip)),
};

export const TruckCheckedIn: Story = {
  name: 'A truck checked in: no whole new plan, the re-plan offered',
  beforeEach: mocked({ slot: checkedInSlot }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ยืนยันแผนแล้ว (ครั้งที่ 1)')).toBeInTheDocument();
    // The server's own refusal, naming the truck, says what to do instead.
    await expect(canvas.getByText(shiftCheckedInMessage('70-1234'))).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'จัดรถอัตโนมัติ' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'ยืนยันแผน' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'วางแผนใหม่จากตอนนี้' })).toBeEnabled();
    // Nor a stop moved by hand: the server would refuse the tried move for the same reason.
    for (const remove of canvas.getAllByRole('button', { name: /^เอาออก/ }))
      await expect(remove).toBeDisabled();
  },
};

const daySheets: DaySheetQuery[] = [];
/** The day sheet's answer: a PDF, or the server's refusal. */
const daySheet =
  (refused: string | null): Story['beforeEach'] =>
  ({ msw }) => {
    recorder.reset();
    daySheets.length = 0;
    msw.use(
      mock(documentsApi.daySheet, ({ query }) => {
        daySheets.push(query);
        return refused
          ? refusal(422, refused)
          : new HttpResponse('%PDF-1.4\n%%EOF\n', { headers: { 'content-type': 'application/pdf' } });
      }),
      ...planningHandlers({ slot: confirmedSlot, onCall: recorder.onCall }),
    );
  };

/** Issue 43 item 11: the day sheet of the chosen day and shift, printed from the planning page. */
export const PrintDaySheet: Story = {
  beforeEach: daySheet(null),
  play: async ({ canvas }) => {
    const opened = fakeTab();
    try {
      await userEvent.click(await canvas.findByRole('button', { name: 'พิมพ์ใบงานประจำวัน' }));
      await waitFor(() => expect(opened.tab.location.href).toMatch(/^blob:/));
      await expect(daySheets).toHaveLength(1);
      await expect(daySheets[0]).toMatchObject({ date: '2025-01-06', shiftOfDayId: shiftsFixture[0]!.id });
    } finally {
      opened.restore();
    }
  },
};

const NO_SHEET = 'ไม่พบกะของวันที่เลือก';
export const PrintDaySheetRefused: Story = {
  beforeEach: daySheet(NO_SHEET),
  play: async ({ canvas }) => {
    const opened = fakeTab();
    try {
      await userEvent.click(await canvas.findByRole('button', { name: 'พิมพ์ใบงานประจำวัน' }));
      await expect(await screen().findByText(NO_SHEET)).toBeVisible();
      await expect(opened.tab.closed).toBe(true);
    } finally {
      opened.restore();
    }
  },
};

export const LoadError: Story = {
  beforeEach: mocked({ slot: 'error' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ระบบขัดข้อง กรุณาลองใหม่');
  },
};

export const Phone: Story = {
  args: { width: 375 },
  beforeEach: mocked({ slot: confirmedSlot }),
  play: async ({ canvas }) => {
    const trip = await canvas.findByRole('region', { name: '70-1234 รถ 6 ล้อ' });
    await expect(trip.getBoundingClientRect().width).toBeLessThanOrEqual(375);
  },
};

/** A booking cancelled after the confirm: its shipment still carries it (the server's `offPlan`). */
const offPlanSlot = (checkedIn = false): SlotPlan => ({
  ...confirmedSlot,
  offPlan: [
    {
      bookingDocNo: 'BK20250105000099',
      // The checked-in one is the first trip's truck (checkedInSlot).
      shipmentDocNo: checkedIn ? 'SH202501060001' : 'SH202501060002',
      truck: checkedIn ? '70-1234' : '70-5678',
      canceled: true,
      checkedIn,
    },
  ],
});

export const CancelledOnATruck: Story = {
  name: 'A booking cancelled after the confirm: named with its truck, confirming again takes it off',
  beforeEach: mocked({ slot: offPlanSlot() }),
  play: async ({ canvas }) => {
    const notice = await canvas.findByText('รถในแผนที่ยืนยันแล้วยังต้องไปส่งการจองที่ไม่อยู่ในกะนี้แล้ว');
    const alert = within(notice.closest('[role="alert"]') as HTMLElement);
    await expect(alert.getByRole('listitem')).toHaveTextContent(
      'BK20250105000099 ยกเลิกแล้ว · รถ 70-5678 ใบขนส่ง SH202501060002',
    );
    await expect(alert.getByText(/กด “ยืนยันแผน” เพื่อเอาออกจากรถ/)).toBeInTheDocument();
    // Confirmed and unchanged, the plan may still be confirmed again: the trips as shown, without it.
    const confirm = canvas.getByRole('button', { name: 'ยืนยันแผน' });
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(recorder.calls.at(-1)).toMatchObject({
        path: requestPath(shipmentPlanningApi.confirm),
        body: { version: 1, trips: tripsOf(confirmedSlot) },
      }),
    );
    await waitFor(() => expect(canvas.queryByText('รถในแผนที่ยืนยันแล้วยังต้องไปส่งการจองที่ไม่อยู่ในกะนี้แล้ว')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'ยืนยันแผน' })).toBeDisabled();
  },
};

export const CancelledOnACheckedInTruck: Story = {
  name: 'A cancelled booking on a truck that has checked in: the driver is to be told, no confirm',
  args: { width: 375 },
  beforeEach: mocked({ slot: { ...offPlanSlot(true), trips: checkedInSlot.trips } }),
  play: async ({ canvas, canvasElement }) => {
    const notice = await canvas.findByText('รถในแผนที่ยืนยันแล้วยังต้องไปส่งการจองที่ไม่อยู่ในกะนี้แล้ว');
    const item = within(notice.closest('[role="alert"]') as HTMLElement).getByRole('listitem');
    await expect(item).toHaveTextContent(
      'BK20250105000099 ยกเลิกแล้ว · รถ 70-1234 ใบขนส่ง SH202501060001 · รถเช็คอินแล้ว แจ้งคนขับว่าไม่ต้องส่งจุดนี้',
    );
    // At a phone's width the plate and the shipment's number each stay on one line (no break at a hyphen).
    await expect(within(item).getByText('รถ 70-1234').getClientRects()).toHaveLength(1);
    await expect(within(item).getByText('ใบขนส่ง SH202501060001').getClientRects()).toHaveLength(1);
    await expect(canvas.queryByText(/เพื่อเอาออกจากรถ/)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'ยืนยันแผน' })).toBeDisabled();
    const root = canvasElement.querySelector('[data-story-root]') ?? canvasElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};
