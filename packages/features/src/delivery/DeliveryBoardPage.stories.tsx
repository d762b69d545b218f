import { addDays, tripOfDay } from '@lms/domain';
import {
  boardFixture,
  boardHandlers,
  DRIVER_DAY,
  fakeBoardStream,
  neverAnswered,
  refusal,
} from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DeliveryBoardPage } from './DeliveryBoardPage.tsx';
import { boardText } from './text.ts';

const stream = fakeBoardStream();
const [running] = boardFixture;
/** A stop still to come, expected at `eta`, after its window. */
/** The late flag a row shows (one of its two is hidden at any width): its cell's index and its box. */
const shownLateFlag = (row: HTMLElement) => {
  const flags = [...row.querySelectorAll('strong')].filter(
    (flag) => flag.textContent === boardText.late && flag.checkVisibility(),
  );
  const flag = flags[0];
  return {
    count: flags.length,
    cell: flag ? [...row.children].indexOf(flag.closest('td')!) : -1,
    box: flag?.getBoundingClientRect(),
  };
};

const lateStop = (id: string, eta: string) =>
  ({ id, status: 'PENDING', eta, late: true, arrivedAt: null, leftAt: null }) as const;

const meta = {
  title: 'Pages/Delivery board',
  component: DeliveryBoardPage,
  // No tiles in a story: the plain background (the real server's map tries OpenStreetMap).
  args: { today: DRIVER_DAY, openEventStream: stream.open, tileUrlTemplate: null },
  decorators: [
    (Story, context) => (
      <PageHarness width={(context.parameters.width as number | undefined) ?? undefined}>
        <Story />
      </PageHarness>
    ),
  ],
} satisfies Meta<typeof DeliveryBoardPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...boardHandlers(() => neverAnswered()));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(boardText.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...boardHandlers(() => []));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(boardText.empty)).toBeVisible();
  },
};

/**
 * Nothing runs yet today (a demo made before the day's first trip, an evening's look): the
 * dispatcher opens tomorrow's planned trips from the board, and comes back to today.
 */
export const TomorrowFromAnEmptyToday: Story = {
  beforeEach({ msw }) {
    msw.use(...boardHandlers((date) => (date === DRIVER_DAY ? [] : boardFixture)));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(boardText.empty)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: boardText.showTomorrow }));
    await expect(await canvas.findByText(new RegExp(`^${boardText.day('', false).trim()}`))).toBeVisible();
    await expect(await canvas.findByRole('region', { name: boardText.trips })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: boardText.backToToday }));
    await expect(await canvas.findByText(boardText.empty)).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    let calls = 0;
    msw.use(...boardHandlers(() => (++calls === 1 ? refusal(403, 'คุณไม่มีสิทธิ์ใช้งานหน้านี้') : [])));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('คุณไม่มีสิทธิ์ใช้งานหน้านี้')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: boardText.retry }));
    await expect(await canvas.findByText(boardText.empty)).toBeVisible();
  },
};

/** Live: a truck moves, a stop is delivered, the next stop's ETA falls outside its window. */
export const Live: Story = {
  beforeEach({ msw }) {
    msw.use(...boardHandlers());
  },
  play: async ({ canvas, canvasElement }) => {
    const trip = await canvas.findByRole('region', { name: /SH2025112800011/ });
    await expect(await canvas.findByText(boardText.live)).toBeVisible();
    await expect(within(trip).getByText(boardText.lateCount(1))).toBeVisible();
    await expect(canvas.getByText(boardText.figures(1, 1, 5, 1))).toBeVisible();
    // Wide enough for every column: the late flag beside the ETA, once.
    await expect(shownLateFlag(within(trip).getAllByRole('row')[2]!)).toMatchObject({ count: 1, cell: 3 });
    const truck = () => canvasElement.querySelector('[data-truck="SH2025112800011"]');
    await expect(truck()).not.toBeNull();
    stream.positions([
      { tripId: running!.id, lat: 13.76, lon: 100.58, accuracy: 8, at: '2025-11-28T03:50:00.000Z' },
    ]);
    await waitFor(() => expect(within(trip).getByText(boardText.positionAt('10:50'))).toBeVisible());
    stream.trips([
      {
        id: running!.id,
        status: 'RUNNING',
        done: 2,
        nextStopId: running!.stops[2]!.id,
        late: 1,
        at: '2025-11-28T04:30:00.000Z',
        stops: [
          {
            id: running!.stops[1]!.id,
            status: 'DELIVERED',
            eta: null,
            late: false,
            arrivedAt: '2025-11-28T04:05:00.000Z',
            leftAt: '2025-11-28T04:25:00.000Z',
          },
          lateStop(running!.stops[2]!.id, '2025-11-28T07:30:00.000Z'),
        ],
      },
    ]);
    await waitFor(() => expect(within(trip).getByText(boardText.stopsDone(2, 3))).toBeVisible());
    const rows = within(trip).getAllByRole('row');
    await expect(rows[2]).toHaveTextContent('ส่งครบแล้ว');
    await expect(rows[3]).toHaveTextContent(boardText.late);
  },
};

/**
 * A truck that has not arrived by midnight: its next stop's ETA falls on the next day, and says so
 * with its date rather than reading as that morning's time.
 */
export const EtaAfterMidnight: Story = {
  ...Live,
  play: async ({ canvas }) => {
    const trip = await canvas.findByRole('region', { name: /SH2025112800011/ });
    stream.trips([
      {
        id: running!.id,
        status: 'RUNNING',
        done: 1,
        nextStopId: running!.stops[1]!.id,
        late: 1,
        at: '2025-11-28T16:50:00.000Z',
        stops: [lateStop(running!.stops[1]!.id, '2025-11-28T17:10:00.000Z')],
      },
    ]);
    await waitFor(() =>
      expect(within(trip).getByText(new RegExp(boardText.nextEta('29/11/2025 00:10')))).toBeVisible(),
    );
    await expect(within(trip).getAllByRole('row')[2]).toHaveTextContent('29/11/2025 00:10');
  },
};

/** A trip link for a contractor's driver: URL and PIN shown once. */
export const TripLink: Story = {
  ...Live,
  play: async ({ canvas }) => {
    const trip = await canvas.findByRole('region', { name: /SH2025112800012/ });
    await userEvent.click(within(trip).getByRole('button', { name: boardText.makeLink }));
    await expect(await within(trip).findByText(/PIN 482913/)).toBeVisible();
  },
};

export const PhoneWidth: Story = {
  ...Live,
  parameters: { width: 390 },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('region', { name: /SH2025112800011/ });
    // The long Thai name wraps; only the stops' table may scroll inside its card.
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
    // The ETA's column is past the card's edge: the late flag shows once, under the place, on screen.
    const trip = canvas.getByRole('region', { name: /SH2025112800011/ });
    const late = shownLateFlag(within(trip).getAllByRole('row')[2]!);
    await expect(late).toMatchObject({ count: 1, cell: 1 });
    await expect(late.box!.right).toBeLessThanOrEqual(trip.getBoundingClientRect().right);
  },
};

/** A stop whose booking was cancelled after the plan, not reached: the board says not to deliver it. */
export const CanceledStop: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      ...boardHandlers(() =>
        boardFixture.map((trip) =>
          trip.id === running!.id
            ? { ...trip, stops: trip.stops.map((stop, i) => (i === 2 ? { ...stop, canceled: true } : stop)) }
            : trip,
        ),
      ),
    );
  },
  play: async ({ canvas }) => {
    const trip = await canvas.findByRole('region', { name: /SH2025112800011/ });
    const rows = within(trip).getAllByRole('row');
    await expect(rows[3]).toHaveTextContent(boardText.canceled);
    // No time to expect there, and it is not among the stops to serve.
    await expect(within(rows[3]!).getAllByRole('cell')[3]).toHaveTextContent(/^-$/);
    await expect(within(trip).getByText(boardText.stopsDone(1, 2))).toBeVisible();
    // The stops reached or still to come as before.
    await expect(rows[2]).not.toHaveTextContent(boardText.canceled);
  },
};

/** An instant a day earlier (a trip of the day before). */
const dayEarlier = (at: string | null) => (at ? new Date(Date.parse(at) - 86_400_000).toISOString() : null);

/**
 * The day before's trip, still out after midnight: on today's board with the other trips, saying
 * whose day it is; its windows read as its own day's hours, its next ETA (00:30) with today's date
 * (docs/delivery.md "A day's trips").
 */
export const TripOfTheDayBefore: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      ...boardHandlers(() =>
        boardFixture.map((trip) =>
          trip.id === running!.id
            ? {
                ...trip,
                date: addDays(DRIVER_DAY, -1),
                position: null,
                stops: trip.stops.map((stop, i) => ({
                  ...stop,
                  windowFrom: dayEarlier(stop.windowFrom)!,
                  windowTo: dayEarlier(stop.windowTo)!,
                  plannedArrival: dayEarlier(stop.plannedArrival)!,
                  arrivedAt: dayEarlier(stop.arrivedAt),
                  leftAt: dayEarlier(stop.leftAt),
                  // The next stop (the second), expected just after midnight.
                  eta: i === 1 ? '2025-11-27T17:30:00.000Z' : dayEarlier(stop.eta),
                })),
              }
            : trip,
        ),
      ),
    );
  },
  play: async ({ canvas }) => {
    const trip = await canvas.findByRole('region', { name: /SH2025112800011/ });
    await expect(within(trip).getByText(tripOfDay('27/11/2025'))).toBeVisible();
    const rows = within(trip).getAllByRole('row');
    await expect(rows[2]).toHaveTextContent('28/11/2025 00:30');
    // Its windows are its own day's hours, with no date.
    await expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent(/^\d\d:\d\d–\d\d:\d\d$/);
    // Today's own trips say nothing of their day.
    const other = canvas.getByRole('region', { name: /SH2025112800012/ });
    await expect(within(other).queryByText(/ยังไม่จบ/)).toBeNull();
  },
};
