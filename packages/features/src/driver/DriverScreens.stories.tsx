import { addDays, type DriverTrip, driverApi, type StopEventInput, tripOfDay } from '@lms/domain';
import {
  DRIVER_DAY,
  DRIVER_TRIP_ID,
  driverHandlers,
  driverStoryStore,
  driverTripFixture,
  driverTripsFixture,
  mock,
  neverAnswered,
  photoFile,
  refusal,
  signOn,
  stillPhone,
} from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { stageTapText } from '../shipmentPlanning/stageQueue.ts';
import { DriverProvider } from './DriverProvider.tsx';
import { LinkClaimScreen } from './LinkClaimScreen.tsx';
import { SignInScreen } from './SignInScreen.tsx';
import { StopScreen } from './StopScreen.tsx';
import { openDriverStore } from './store.ts';
import { TripListScreen } from './TripListScreen.tsx';
import { TripScreen } from './TripScreen.tsx';
import { driverText } from './text.ts';

/**
 * The driver's phone: 390 px wide, its own fresh store, standing still at the depot. A stop's
 * screen shows the times the phone stamped its records with (arrived, left, the proof's), by the
 * clock of the run: their digits may differ from the baseline's (`stamped`, a few glyphs' worth).
 */
function Phone({
  storeName,
  stamped = false,
  children,
}: {
  readonly storeName: string;
  readonly stamped?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div style={{ width: 390 }} data-screenshot-tolerance={stamped ? '0.004' : undefined}>
      <DriverProvider storeName={storeName} positions={stillPhone()}>
        {children}
      </DriverProvider>
    </div>
  );
}
type Loaded = { storeName: string };
const signedIn = [async (): Promise<Loaded> => ({ storeName: await driverStoryStore() })];
const signedOut = [async (): Promise<Loaded> => ({ storeName: await driverStoryStore(null) })];
const noop = () => {};

const meta = {
  title: 'Driver/Screens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const stopOf = (seq: number) => driverTripFixture.stops[seq - 1]!;
/** The stops as the phone sends events: what the mock server heard. */
const heard: StopEventInput[][] = [];

/** The mock server answering `trip` (the fixture by default), each batch of events the phone sends heard. */
const hearing =
  (trip?: () => DriverTrip): Story['beforeEach'] =>
  ({ msw }) => {
    heard.length = 0;
    msw.use(
      ...driverHandlers({
        ...(trip ? { trip } : {}),
        events: (events) => {
          heard.push([...events]);
          return undefined;
        },
      }),
    );
  };

// ---- Today's trips ----

export const TripsLoading: Story = {
  loaders: signedIn,
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ trips: () => neverAnswered() }));
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <TripListScreen date={DRIVER_DAY} onOpenTrip={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.loading)).toBeVisible();
  },
};

export const TripsEmpty: Story = {
  ...TripsLoading,
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ trips: () => [] }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.noTrips)).toBeVisible();
    // Nothing waits: signing out is allowed.
    await expect(canvas.getByRole('button', { name: driverText.signOut })).toBeEnabled();
  },
};

/** Nothing today, tomorrow's trip planned: the driver sees it the evening before, and opens it. */
export const TomorrowPlanned: Story = {
  ...TripsLoading,
  beforeEach({ msw }) {
    heard.length = 0;
    const tomorrow = addDays(DRIVER_DAY, 1);
    msw.use(
      ...driverHandlers({
        trips: () => [],
        otherDay: () => driverTripsFixture.map((trip) => ({ ...trip, date: tomorrow })),
      }),
    );
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <TripListScreen date={DRIVER_DAY} onOpenTrip={(id) => heard.push([{ id, kind: 'stage', at: '' }])} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.noTrips)).toBeVisible();
    const tomorrow = await canvas.findByRole('list', { name: /^เที่ยวรถพรุ่งนี้ / });
    const [first] = driverTripsFixture;
    await userEvent.click(within(tomorrow).getByRole('button', { name: new RegExp(first!.docNo) }));
    await expect(heard).toEqual([[{ id: first!.id, kind: 'stage', at: '' }]]);
  },
};

export const TripsError: Story = {
  ...TripsLoading,
  beforeEach({ msw }) {
    let calls = 0;
    msw.use(
      ...driverHandlers({
        trips: () => (++calls === 1 ? refusal(403, 'คุณไม่มีสิทธิ์ใช้งานหน้านี้') : []),
      }),
    );
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('คุณไม่มีสิทธิ์ใช้งานหน้านี้');
    await userEvent.click(canvas.getByRole('button', { name: driverText.retry }));
    await expect(await canvas.findByText(driverText.noTrips)).toBeVisible();
  },
};

/** Two trips, each a big button: the running one shows how far it is. */
export const Trips: Story = {
  ...TripsLoading,
  beforeEach({ msw }) {
    msw.use(...driverHandlers());
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <TripListScreen date={DRIVER_DAY} onOpenTrip={(id) => heard.push([{ id, kind: 'stage', at: '' }])} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    const running = await canvas.findByRole('button', { name: /SH2025112800001.*ส่งแล้ว 1\/3 จุด/ });
    await expect(running.getBoundingClientRect().height).toBeGreaterThanOrEqual(56);
    await expect(running.getBoundingClientRect().width).toBeGreaterThan(340);
    // The browser's title names the screen (WCAG 2.4.2).
    await expect(document.title).toBe(`${driverText.tripsTitle} · ${driverText.appName}`);
    heard.length = 0;
    await userEvent.click(running);
    await expect(heard[0]?.[0]?.id).toBe(DRIVER_TRIP_ID);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** After midnight: last night's trip, still under way, on today's list, saying whose day it is. */
export const TripOfTheDayBefore: Story = {
  ...TripsLoading,
  beforeEach({ msw }) {
    msw.use(
      ...driverHandlers({
        trips: () =>
          driverTripsFixture.map((trip, i) => (i === 0 ? { ...trip, date: addDays(DRIVER_DAY, -1) } : trip)),
      }),
    );
  },
  render: Trips.render,
  play: async ({ canvas }) => {
    const running = await canvas.findByRole('button', { name: /SH2025112800001/ });
    await expect(running).toHaveTextContent(tripOfDay('27/11/2025'));
    await expect(canvas.getByRole('button', { name: /SH2025112800002/ })).not.toHaveTextContent(/ยังไม่จบ/);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/**
 * Opened after midnight with no signal and nothing saved of the new day: the day before's trip
 * still running, from the phone's copy of that day, with when it was saved and whose day it is.
 */
export const TripsOfflineAfterMidnight: Story = {
  loaders: [
    async (): Promise<Loaded> => {
      const storeName = await driverStoryStore();
      const store = await openDriverStore(storeName);
      const yesterday = addDays(DRIVER_DAY, -1);
      await store.saveDay(
        yesterday,
        driverTripsFixture.map((trip) => ({ ...trip, date: yesterday })),
      );
      store.close();
      return { storeName };
    },
  ],
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ trips: () => HttpResponse.error() }));
  },
  render: Trips.render,
  play: async ({ canvas }) => {
    const running = await canvas.findByRole('button', { name: /SH2025112800001/ });
    await expect(running).toHaveTextContent(tripOfDay('27/11/2025'));
    await expect(canvas.getByText(/ไม่มีสัญญาณ แสดงข้อมูลที่บันทึกไว้เมื่อ/)).toBeVisible();
    // The day before's trip not yet started is that day's business: not offered on the new day.
    await expect(canvas.queryByRole('button', { name: /SH2025112800002/ })).toBeNull();
  },
};

// ---- A trip ----

export const TripStops: Story = {
  loaders: signedIn,
  beforeEach({ msw }) {
    msw.use(...driverHandlers());
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <TripScreen tripId={DRIVER_TRIP_ID} onOpenStop={noop} onBack={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    const stops = within(await canvas.findByRole('list', { name: 'จุดส่ง' })).getAllByRole('button');
    await expect(stops).toHaveLength(3);
    // The next stop is the first not left; its ETA is after the window: flagged.
    await expect(stops[1]).toHaveTextContent(`${driverText.next} · รอส่ง`);
    await expect(stops[1]).toHaveTextContent(driverText.late);
    await expect(stops[0]).toHaveTextContent('ส่งครบแล้ว');
    await waitFor(() => expect(document.title).toBe(`SH2025112800001 · ${driverText.appName}`));
    await expect(canvas.getByRole('link', { name: /โทรหาสาขา 02-123-4567/ })).toHaveAttribute(
      'href',
      'tel:021234567',
    );
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/**
 * A night's trip after midnight: its next stop expected on the next day says so with its date, the
 * window of its own day does not (the board's rule; docs/delivery.md "A day's trips").
 */
export const TripEtaAfterMidnight: Story = {
  ...TripStops,
  beforeEach({ msw }) {
    msw.use(
      ...driverHandlers({
        trip: () => ({
          ...driverTripFixture,
          stops: driverTripFixture.stops.map((stop, i) =>
            i === 1 ? { ...stop, eta: '2025-11-28T17:10:00.000Z', late: true } : stop,
          ),
        }),
      }),
    );
  },
  play: async ({ canvas }) => {
    const stops = within(await canvas.findByRole('list', { name: 'จุดส่ง' })).getAllByRole('button');
    await expect(stops[1]).toHaveTextContent(`${driverText.eta} 29/11/2025 00:10 น.`);
    await expect(stops[1]).toHaveTextContent(/ช่วงเวลานัด \d\d:\d\d–/);
    await expect(stops[2]).not.toHaveTextContent(/\d\d\/\d\d\/\d{4}/);
  },
};

export const TripError: Story = {
  ...TripStops,
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ trip: () => refusal(404, 'ไม่พบเที่ยวรถนี้') }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ไม่พบเที่ยวรถนี้');
    await expect(canvas.getByRole('button', { name: driverText.retry })).toBeVisible();
  },
};

/** Not yet started: "ออกเดินทาง" taps ShipStart at the phone's time and position. */
export const TripStart: Story = {
  ...TripStops,
  beforeEach: hearing(() => ({ ...driverTripFixture, status: 'PLANNED' })),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.startTrip }));
    await waitFor(() => expect(heard.flat()).toHaveLength(1));
    await expect(heard[0]![0]).toMatchObject({
      kind: 'stage',
      stage: 'ShipStart',
      position: { lat: 13.72, lon: 100.52 },
    });
  },
};

/**
 * Tomorrow's trip, opened the evening before: its stops to read, no "ออกเดินทาง", but when the
 * taps open and why (the server refuses them until six hours before the shift).
 * Its `tapsFrom` lies far ahead so that the run's own clock is always before it.
 */
export const TripNotYet: Story = {
  loaders: signedIn,
  beforeEach: hearing(() => ({
    ...driverTripFixture,
    status: 'PLANNED',
    tapsFrom: '2099-11-28T17:00:00.000Z',
    stops: driverTripFixture.stops.map((stop) => ({
      ...stop,
      status: 'PENDING',
      arrivedAt: null,
      leftAt: null,
      proof: null,
      orders: stop.orders.map((order) => ({ ...order, delivered: null })),
    })),
  })),
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <TripScreen tripId={DRIVER_TRIP_ID} onOpenStop={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.notYet('29/11/2099 00:00', 6))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: driverText.startTrip })).toBeNull();
    // The stops are there to read.
    await expect(within(canvas.getByRole('list', { name: 'จุดส่ง' })).getAllByRole('button')).toHaveLength(3);
  },
};

/** A stop of tomorrow's trip: where and what, and no "ถึงจุดส่งแล้ว" before the taps open. */
export const StopNotYet: Story = {
  ...TripNotYet,
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <StopScreen tripId={DRIVER_TRIP_ID} stopId={stopOf(1).id} onBack={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.notYet('29/11/2099 00:00', 6))).toBeVisible();
    await expect(canvas.getByText('DO6100001001')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: driverText.arrived })).toBeNull();
    await expect(heard).toEqual([]);
  },
};

/**
 * The second stop's booking — the next one — was cancelled after the plan (`canceled`): the list
 * says not to deliver it and passes it, the third is next, and the count leaves it out; its page
 * says so in place of the arrival, sending nothing.
 */
export const TripCanceledStop: Story = {
  loaders: signedIn,
  beforeEach: hearing(() => ({
    ...driverTripFixture,
    stops: driverTripFixture.stops.map((stop) => (stop.seq === 2 ? { ...stop, canceled: true } : stop)),
  })),
  render: TripStops.render,
  play: async ({ canvas }) => {
    const stops = within(await canvas.findByRole('list', { name: 'จุดส่ง' })).getAllByRole('button');
    await expect(stops[1]).toHaveTextContent(driverText.canceled);
    await expect(stops[1]).not.toHaveTextContent('รอส่ง');
    await expect(stops[1]).not.toHaveAttribute('data-next');
    // No time to expect for a stop not to be served.
    await expect(stops[1]).not.toHaveTextContent(driverText.late);
    await expect(stops[2]).toHaveTextContent(`${driverText.next} · รอส่ง`);
    await expect(canvas.getByText(new RegExp(driverText.stopsDone(1, 2)))).toBeVisible();
  },
};

export const StopCanceled: Story = {
  ...TripCanceledStop,
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <StopScreen tripId={DRIVER_TRIP_ID} stopId={stopOf(2).id} onBack={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    // Said where its status stands and in place of the arrival.
    await expect(await canvas.findAllByText(driverText.canceled)).toHaveLength(2);
    await expect(canvas.getByText(driverText.canceledHint)).toBeVisible();
    await expect(canvas.queryByText('รอส่ง')).toBeNull();
    await expect(canvas.queryByRole('button', { name: driverText.arrived })).toBeNull();
    await expect(heard).toEqual([]);
  },
};

const unusualTime = 'เวลาออกเดินทางห่างจากเวลาตามแผนมาก (วันหรือกะอื่น) ยืนยันว่าเวลานี้ถูกต้อง';

/**
 * "ออกเดินทาง" at a time the server finds unusual for the planned day and shift: it does not record
 * the tap and asks; the phone asks the driver and, on "บันทึกเวลานี้", sends the tap again as a new
 * event with `confirmUnusual` at the time first tapped.
 */
export const TripStartUnusualTime: Story = {
  ...TripStops,
  beforeEach({ msw }) {
    heard.length = 0;
    msw.use(
      ...driverHandlers({
        trip: () => ({ ...driverTripFixture, status: 'PLANNED' }),
        events: (events) => {
          heard.push([...events]);
          const asked = events.some((e) => e.kind === 'stage' && !e.confirmUnusual);
          return {
            results: events.map((e) => ({ id: e.id, duplicate: false })),
            stages: asked
              ? [{ stage: 'ShipStart', recorded: false, message: unusualTime, confirmUnusual: true }]
              : [],
            trip: { ...driverTripFixture, status: asked ? 'PLANNED' : 'RUNNING' },
          };
        },
      }),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.startTrip }));
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: stageTapText.questionTitle });
    await expect(dialog).toHaveTextContent(unusualTime);
    await userEvent.click(within(dialog).getByRole('button', { name: stageTapText.record }));
    await waitFor(() => expect(heard.flat()).toHaveLength(2));
    const [first, again] = heard.flat() as [StopEventInput, StopEventInput];
    await expect(again).toMatchObject({
      kind: 'stage',
      stage: 'ShipStart',
      at: first.at,
      confirmUnusual: true,
    });
    await expect(again.id).not.toBe(first.id);
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
  },
};

/** The question as the driver sees it (docs/driver.md's picture): the tap waits for the answer. */
export const TripStartAsked: Story = {
  ...TripStartUnusualTime,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.startTrip }));
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: stageTapText.questionTitle,
    });
    await expect(within(dialog).getByRole('button', { name: stageTapText.record })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: stageTapText.drop })).toBeVisible();
  },
};

/** The same question answered "ไม่บันทึก": nothing is sent again, the driver taps later. */
export const TripStartUnusualTimeDropped: Story = {
  ...TripStartUnusualTime,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.startTrip }));
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: stageTapText.questionTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: stageTapText.drop }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(heard.flat()).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: driverText.startTrip })).toBeVisible();
  },
};

/** The tap the app was closed on before the driver answered: 06:40 Bangkok, the day before the trip. */
const closedOnTap: StopEventInput = {
  id: '6a1f0c3e-5b2d-4e8f-9a7c-1d2e3f4a5b6c',
  kind: 'stage',
  stage: 'ShipStart',
  at: '2025-11-26T23:40:00.000Z',
};
const reopened = [
  async (): Promise<Loaded> => ({
    storeName: await driverStoryStore(undefined, [
      { tripId: DRIVER_TRIP_ID, event: closedOnTap, message: unusualTime },
    ]),
  }),
];
const questionsLeft = async (storeName: string) => {
  const store = await openDriverStore(storeName);
  const left = await store.questions();
  store.close();
  return left;
};

/**
 * The app was closed while the question was open: opening it asks again at once, without a tap;
 * "บันทึกเวลานี้" sends the tap with the time first tapped, and the question leaves the phone.
 */
export const TripStartAskedAfterReopen: Story = {
  ...TripStartUnusualTime,
  loaders: reopened,
  play: async ({ loaded }) => {
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: stageTapText.questionTitle });
    await expect(dialog).toHaveTextContent(unusualTime);
    await expect(heard).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: stageTapText.record }));
    await waitFor(() => expect(heard.flat()).toHaveLength(1));
    const [again] = heard.flat() as [StopEventInput];
    await expect(again).toMatchObject({
      ...closedOnTap,
      id: expect.not.stringMatching(closedOnTap.id),
      confirmUnusual: true,
    });
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(await questionsLeft((loaded as Loaded).storeName)).toEqual([]);
  },
};

/** Reopened and answered "ไม่บันทึก": nothing is sent, and the question is not asked a third time. */
export const TripStartAskedAfterReopenDropped: Story = {
  ...TripStartAskedAfterReopen,
  play: async ({ loaded }) => {
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: stageTapText.questionTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: stageTapText.drop }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(await questionsLeft((loaded as Loaded).storeName)).toEqual([]);
    await expect(heard).toHaveLength(0);
  },
};

// ---- A stop ----

const stopStory = (seq: number): Story => ({
  loaders: signedIn,
  beforeEach: hearing(),
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName} stamped>
      <TripScreen tripId={DRIVER_TRIP_ID} onOpenStop={noop} />
      <hr />
      <StopScreen tripId={DRIVER_TRIP_ID} stopId={stopOf(seq).id} onBack={noop} />
    </Phone>
  ),
});

/** Stop 2: where, who, what, when; arrived, then delivered with the recipient, a signature; left. */
export const StopDelivered: Story = {
  ...stopStory(2),
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName} stamped>
      <StopScreen tripId={DRIVER_TRIP_ID} stopId={stopOf(2).id} onBack={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'โทร 02-333-4444' })).toHaveAttribute(
      'href',
      'tel:023334444',
    );
    await expect(canvas.getByRole('link', { name: driverText.navigate })).toHaveAttribute(
      'href',
      stopOf(2).navigationUrl!,
    );
    await expect(canvas.getByText('DO6100002001')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: driverText.arrived }));
    await userEvent.click(await canvas.findByRole('button', { name: driverText.delivered }));
    // Nothing filled: the server's own words, before anything is sent.
    await userEvent.click(
      canvas.getByRole('button', { name: `${driverText.save}: ${driverText.delivered}` }),
    );
    await expect(canvas.getByText('กรุณาระบุชื่อผู้รับสินค้า')).toBeVisible();
    await expect(canvas.getByText('จุดส่งนี้ต้องมีลายเซ็นผู้รับ')).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(driverText.recipient) }),
      'สมหญิง ใจดี',
    );
    await signOn(canvas.getByRole('img', { name: /ลายเซ็นผู้รับ/ }));
    await waitFor(() => expect(canvas.getByRole('img', { name: 'ลายเซ็นผู้รับ: เซ็นแล้ว' })).toBeVisible());
    await userEvent.click(
      canvas.getByRole('button', { name: `${driverText.save}: ${driverText.delivered}` }),
    );
    await userEvent.click(await canvas.findByRole('button', { name: driverText.left }));
    await waitFor(() => expect(heard.flat().map((e) => e.kind)).toEqual(['arrived', 'delivered', 'left']));
    const delivered = heard.flat()[1]!;
    await expect(delivered).toMatchObject({ recipient: 'สมหญิง ใจดี', stopId: stopOf(2).id });
    await expect(delivered.signatureFileId).toMatch(/^[0-9a-f-]{36}$/);
  },
};

/** Partly delivered: a quantity per DO within what was booked, with a photo. */
export const StopPartial: Story = {
  ...StopDelivered,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.arrived }));
    await userEvent.click(await canvas.findByRole('button', { name: driverText.partial }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(driverText.recipient) }),
      'ผู้จัดการร้าน',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: /DO6100002001/ }), '10');
    await userEvent.type(canvas.getByRole('textbox', { name: /DO6100002002/ }), '5');
    await signOn(canvas.getByRole('img', { name: /ลายเซ็นผู้รับ/ }));
    await userEvent.click(canvas.getByRole('button', { name: `${driverText.save}: ${driverText.partial}` }));
    // Everything delivered is no partial delivery.
    await expect(await canvas.findByText(/ส่งได้บางส่วนต้องมีจำนวนที่ส่งได้มากกว่า 0/)).toBeVisible();
    const second = canvas.getByRole('textbox', { name: /DO6100002002/ });
    await userEvent.clear(second);
    await userEvent.type(second, '2');
    await userEvent.upload(canvas.getByLabelText(/ถ่ายรูป/), await photoFile());
    await expect(await canvas.findByRole('img', { name: 'รูปที่ 1' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `${driverText.save}: ${driverText.partial}` }));
    await waitFor(() => expect(heard.flat().map((e) => e.kind)).toEqual(['arrived', 'partial']));
    await expect(heard.flat()[1]).toMatchObject({
      quantities: [
        { deliveryOrderId: stopOf(2).orders[0]!.deliveryOrderId, qty: 10 },
        { deliveryOrderId: stopOf(2).orders[1]!.deliveryOrderId, qty: 2 },
      ],
    });
    await expect(heard.flat()[1]!.photoFileIds).toHaveLength(1);
  },
};

/** Not delivered: a reason from the list ("อื่น ๆ" asks what). */
export const StopFailed: Story = {
  ...StopDelivered,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.arrived }));
    await userEvent.click(await canvas.findByRole('button', { name: driverText.failed }));
    await userEvent.click(canvas.getByRole('button', { name: `${driverText.save}: ${driverText.failed}` }));
    await expect(canvas.getByText('กรุณาเลือกเหตุผลที่ส่งไม่สำเร็จ')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'อื่น ๆ' }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(driverText.reasonText) }),
      'ร้านปิดปรับปรุง',
    );
    await userEvent.click(canvas.getByRole('button', { name: `${driverText.save}: ${driverText.failed}` }));
    await waitFor(() => expect(heard.flat().map((e) => e.kind)).toEqual(['arrived', 'failed']));
    await expect(heard.flat()[1]).toMatchObject({ reason: 'OTHER', reasonText: 'ร้านปิดปรับปรุง' });
  },
};

/** A long Thai name and address wrap; no coordinates, no phone: said so. */
export const StopLongThaiText: Story = {
  ...stopStory(3),
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <StopScreen tripId={DRIVER_TRIP_ID} stopId={stopOf(3).id} onBack={noop} />
    </Phone>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.noCoordinates)).toBeVisible();
    await expect(canvas.getByText(driverText.proofNeeds.PHOTO)).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Offline: the arrival is kept on the phone and shown at once; the bar says what waits. */
export const StopOffline: Story = {
  ...stopStory(2),
  beforeEach({ msw }) {
    // No signal: the request fails as a phone's does.
    msw.use(...driverHandlers({ events: () => HttpResponse.error() }));
  },
  render: StopDelivered.render,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: driverText.arrived }));
    await expect(await canvas.findByText(new RegExp(driverText.recordedLocally))).toBeVisible();
    await expect(await canvas.findByRole('button', { name: driverText.delivered })).toBeVisible();
  },
};

/** On a stop of a running trip the phone shares its position too (the board sees the truck there). */
const heardPositions: number[] = [];
export const StopSharesPosition: Story = {
  loaders: signedIn,
  beforeEach({ msw }) {
    heardPositions.length = 0;
    msw.use(
      mock(driverApi.positions, ({ body }) => {
        heardPositions.push(body.positions.length);
        return { kept: body.positions.length, ignored: 0 };
      }),
      ...driverHandlers({ trip: () => ({ ...driverTripFixture, status: 'RUNNING' }) }),
    );
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName} stamped>
      <StopScreen tripId={DRIVER_TRIP_ID} stopId={stopOf(2).id} onBack={noop} />
    </Phone>
  ),
  play: async ({ canvas, loaded }) => {
    // The fix is queued on the phone while the trip runs...
    await waitFor(async () => {
      const store = await openDriverStore((loaded as Loaded).storeName);
      const kinds = (await store.items()).map((item) => item.kind);
      store.close();
      await expect(kinds).toEqual(['position']);
    });
    // ...but it is not the driver's to send: the bar counts what they recorded (nothing yet).
    await expect(canvas.getAllByRole('status').map((el) => el.textContent)).toContainEqual(
      expect.stringContaining(driverText.allSent),
    );
    await expect(canvas.queryByRole('button', { name: driverText.sendNow })).toBeNull();
    // It goes with the driver's next record, before it.
    await userEvent.click(canvas.getByRole('button', { name: driverText.arrived }));
    await waitFor(() => expect(heardPositions).toEqual([1]));
  },
};

export const StopLoading: Story = {
  ...StopDelivered,
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ trip: () => neverAnswered() }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(driverText.loading, { selector: 'main p' })).toBeVisible();
  },
};

// ---- Signing in ----

export const SignIn: Story = {
  loaders: signedOut,
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ signIn: () => refusal(401, 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง') }));
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <SignInScreen />
    </Phone>
  ),
  play: async ({ canvas }) => {
    const submit = await canvas.findByRole('button', { name: driverText.signIn });
    await expect(submit).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: driverText.username }), 'driver.bkk');
    await userEvent.type(canvas.getByLabelText(driverText.password), 'ผิด');
    await userEvent.click(submit);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
  },
};

export const LinkPin: Story = {
  loaders: signedOut,
  beforeEach({ msw }) {
    msw.use(...driverHandlers({ claim: () => refusal(403, 'รหัส PIN ไม่ถูกต้อง') }));
  },
  render: (_args, { loaded }) => (
    <Phone storeName={(loaded as Loaded).storeName}>
      <LinkClaimScreen token="lmt_story" />
    </Phone>
  ),
  play: async ({ canvas }) => {
    const pin = await canvas.findByRole('textbox', { name: driverText.pin });
    await userEvent.type(pin, '12a3');
    await expect(pin).toHaveValue('123');
    await userEvent.click(canvas.getByRole('button', { name: driverText.openTrip }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(driverText.pinFormat);
    await userEvent.type(pin, '456');
    await userEvent.click(canvas.getByRole('button', { name: driverText.openTrip }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('รหัส PIN ไม่ถูกต้อง'));
  },
};
