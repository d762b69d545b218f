import { locationTrackingApi, readRoleOf } from '@lms/domain';
import { createFakeGeolocation, mock, refusal } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

import type { Fix } from './geolocation.ts';
import { LocationTrackingPage } from './LocationTrackingPage.tsx';
import type { SharedPosition } from './positionStream.ts';

/** 10:15:30 in Bangkok: fixes carry fixed times, so the page shows no live clock. */
const T0 = Date.UTC(2026, 0, 15, 3, 15, 30);
/** Walking north in Lumphini Park, about 22 m per second. */
const fixAt = (step: number, accuracy = 15): Fix => ({
  lat: 13.7305 + step * 0.0002,
  lon: 100.5415 + step * 0.00005,
  accuracy,
  at: T0 + step * 1000,
});

/** An offline tile: every square the same light pattern (stories never touch the network). */
const OFFLINE_TILE = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256'><rect width='256' height='256' fill='#e8efe2'/><path d='M0 96H256M160 0V256' stroke='#ffffff' stroke-width='10'/><path d='M0 200L256 150' stroke='#f6e7b0' stroke-width='8'/></svg>",
)}`;

const somying: SharedPosition = {
  userId: 'u-somying',
  username: 'somying',
  fullName: 'สมหญิง รักงาน',
  lat: 13.7322,
  lon: 100.5448,
  accuracy: 30,
  at: new Date(T0 - 60_000).toISOString(),
};
const wichai: SharedPosition = {
  userId: 'u-wichai',
  username: 'wichai',
  fullName: 'วิชัย ขับดี',
  lat: 13.7281,
  lon: 100.5372,
  accuracy: 8,
  at: new Date(T0 + 2000).toISOString(),
};
/** The signed-in user's own earlier share: never drawn as "another device". */
const self: SharedPosition = { ...somying, userId: 'story-user', username: 'user01', fullName: 'สมชาย ใจดี' };

interface ServerOptions {
  readonly today?: readonly SharedPosition[];
  readonly live?: readonly SharedPosition[];
  readonly postStatus?: number;
}

/** The demo's three calls against MSW; returns the bodies the page posted. */
function mockServer(msw: { use: (...handlers: never[]) => void }, options: ServerOptions = {}) {
  const posted: unknown[] = [];
  const encoder = new TextEncoder();
  const handlers = [
    mock(locationTrackingApi.positions, () => options.today ?? []),
    mock(locationTrackingApi.share, ({ body }) => {
      posted.push(body);
      return options.postStatus
        ? refusal(options.postStatus, 'ส่งตำแหน่งบ่อยเกินไป กรุณารอสักครู่ (ไม่เกิน 1 ครั้งต่อวินาที)')
        : { ...self, ...body };
    }),
    mock(locationTrackingApi.events, () => {
      // Stays open like the real stream; sends the live positions at once.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(': connected\n\n'));
          for (const position of options.live ?? [])
            controller.enqueue(encoder.encode(`event: position\ndata: ${JSON.stringify(position)}\n\n`));
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
    // The real tile server is never reached from a story.
    http.get('https://tile.openstreetmap.org/*', () => new HttpResponse(null, { status: 404 })),
  ];
  msw.use(...(handlers as never[]));
  return posted;
}

interface HarnessParameters {
  readonly roles?: readonly string[];
  readonly width?: number;
}

const meta = {
  title: 'Pages/Demo/Location tracking',
  component: LocationTrackingPage,
  args: { tileUrlTemplate: OFFLINE_TILE },
  decorators: [
    (Story, context) => {
      const harness = (context.parameters.harness ?? {}) as HarnessParameters;
      return (
        <PageHarness roles={harness.roles} width={harness.width}>
          <Story />
        </PageHarness>
      );
    },
  ],
} satisfies Meta<typeof LocationTrackingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const start = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'เริ่มติดตาม' }));
};
const trailCount = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-testid="trail-count"]');

const trackingGeo = createFakeGeolocation((geo) => geo.move(fixAt(0)));
let trackingPosts: unknown[] = [];
export const Tracking: Story = {
  args: { geolocation: trackingGeo },
  beforeEach({ msw }) {
    trackingPosts = mockServer(msw);
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('กด “เริ่มติดตาม”');
    await expect(canvas.getByRole('button', { name: 'หยุดติดตาม' })).toBeDisabled();
    await start(canvasElement);
    // Followed, not read once: the page keeps a watch running.
    await expect(trackingGeo.watching).toBe(1);
    await expect(await canvas.findByTestId('last-fix-time')).toHaveTextContent('10:15:30');
    await expect(canvas.getByText('13.73050, 100.54150')).toBeVisible();
    await expect(canvas.getByText('±15 ม.')).toBeVisible();
    const map = canvasElement.querySelector('[data-tiles]')!;
    await waitFor(() => expect(map.getAttribute('data-tiles')).toBe('ok'));
    await expect(map.querySelector('[data-me]')).not.toBeNull();
    await expect(Number(map.querySelector('[data-accuracy]')?.getAttribute('r'))).toBeGreaterThan(3);
    await expect(map.querySelector('[data-scale]')).not.toBeNull();
    await expect(canvas.queryByText('ไม่สามารถโหลดแผนที่ได้ แสดงตำแหน่งบนพื้นหลังเปล่า')).toBeNull();
    // Shared with the server, as the API expects it.
    await waitFor(() => expect(trackingPosts).toHaveLength(1));
    await expect(trackingPosts[0]).toEqual({
      lat: 13.7305,
      lon: 100.5415,
      accuracy: 15,
      at: '2026-01-15T03:15:30.000Z',
    });
    await expect(await canvas.findByText('แชร์ตำแหน่งล่าสุดแล้ว (10:15:30)')).toBeVisible();
    // Stopping ends the watch.
    await userEvent.click(canvas.getByRole('button', { name: 'หยุดติดตาม' }));
    await expect(trackingGeo.watching).toBe(0);
    await expect(canvas.getByRole('button', { name: 'เริ่มติดตาม' })).toBeEnabled();
  },
};

const trailGeo = createFakeGeolocation((geo) => geo.move(fixAt(0)));
export const TrailGrowing: Story = {
  args: { geolocation: trailGeo, trailLength: 5 },
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    await waitFor(() => expect(trailCount(canvasElement)).toHaveTextContent('1'));
    await expect(canvasElement.querySelector('polyline[data-trail]')).toBeNull();
    trailGeo.move(fixAt(1));
    trailGeo.move(fixAt(2));
    await waitFor(() => expect(trailCount(canvasElement)).toHaveTextContent('3'));
    await expect(canvasElement.querySelector('polyline')?.getAttribute('data-trail')).toBe('3');
    for (let step = 3; step <= 6; step++) trailGeo.move(fixAt(step, 10));
    // Only the last five positions stay in the trail.
    await waitFor(() => expect(trailCount(canvasElement)).toHaveTextContent('5'));
    await expect(canvasElement.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(5);
    await expect(canvas.getByTestId('last-fix-time')).toHaveTextContent('10:15:36');
    await expect(canvas.getByText('13.73170, 100.54180')).toBeVisible();
  },
};

const refusedGeo = createFakeGeolocation((geo) => geo.fail(1));
export const Refused: Story = {
  args: { geolocation: refusedGeo },
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('ไม่ได้รับอนุญาตให้เข้าถึงตำแหน่ง');
    await expect(alert).toHaveTextContent('การตั้งค่าเบราว์เซอร์');
    // Watching stops; the user may try again once allowed.
    await waitFor(() => expect(refusedGeo.watching).toBe(0));
    await expect(canvas.getByRole('button', { name: 'เริ่มติดตาม' })).toBeEnabled();
  },
};

const unavailableGeo = createFakeGeolocation((geo) => geo.fail(2));
export const Unavailable: Story = {
  args: { geolocation: unavailableGeo },
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'ไม่สามารถระบุตำแหน่งของอุปกรณ์ได้ในขณะนี้ กรุณาตรวจสอบว่าเปิด GPS',
    );
    // Still watching: when the device finds itself again the message goes.
    await expect(unavailableGeo.watching).toBe(1);
    await expect(canvas.getByRole('button', { name: 'หยุดติดตาม' })).toBeEnabled();
    await expect(canvas.getByText('ยังไม่มีตำแหน่งที่จะแสดง')).toBeVisible();
  },
};

const timeoutGeo = createFakeGeolocation((geo) => {
  geo.move(fixAt(0, 40));
  geo.fail(3);
});
export const Timeout: Story = {
  args: { geolocation: timeoutGeo },
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('หาตำแหน่งไม่ทันเวลาที่กำหนด ระบบกำลังลองใหม่');
    // The last known position stays on the map meanwhile.
    await expect(canvas.getByTestId('last-fix-time')).toHaveTextContent('10:15:30');
    await expect(timeoutGeo.watching).toBe(1);
    // A new fix clears the message.
    timeoutGeo.move(fixAt(1));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(canvas.getByTestId('last-fix-time')).toHaveTextContent('10:15:31');
    timeoutGeo.fail(3);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('หาตำแหน่งไม่ทันเวลา');
  },
};

const noTilesGeo = createFakeGeolocation((geo) => {
  geo.move(fixAt(0));
  geo.move(fixAt(1));
  geo.move(fixAt(2));
});
export const NoTiles: Story = {
  args: { geolocation: noTilesGeo, tileUrlTemplate: UNREACHABLE_TILES },
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    await expect(
      await canvas.findByText('ไม่สามารถโหลดแผนที่ได้ แสดงตำแหน่งบนพื้นหลังเปล่า', {}, { timeout: 5000 }),
    ).toBeVisible();
    const map = canvasElement.querySelector('[data-tiles]')!;
    await expect(map.getAttribute('data-tiles')).toBe('failed');
    // Plain background: no tile left, but the marker, trail, accuracy and scale are drawn.
    await expect(map.querySelectorAll('img')).toHaveLength(0);
    await expect(map.querySelector('[data-me]')).not.toBeNull();
    await expect(map.querySelector('[data-accuracy]')).not.toBeNull();
    await waitFor(() => expect(map.querySelector('polyline')?.getAttribute('data-trail')).toBe('3'));
    await expect(map.querySelector('[data-scale]')?.getAttribute('data-scale')).toMatch(/^\d+ (ม|กม)\.$/);
  },
};

const othersGeo = createFakeGeolocation((geo) => geo.move(fixAt(0)));
export const OtherDevices: Story = {
  args: { geolocation: othersGeo },
  beforeEach({ msw }) {
    mockServer(msw, { today: [somying, self], live: [wichai] });
  },
  play: async ({ canvas, canvasElement }) => {
    const others = within(canvas.getByRole('region', { name: 'อุปกรณ์อื่นวันนี้' }));
    // Today's positions, then the live one, each with the user's name.
    await expect(await others.findByText('สมหญิง รักงาน')).toBeVisible();
    await expect(await others.findByText('วิชัย ขับดี')).toBeVisible();
    await expect(others.getAllByRole('listitem')).toHaveLength(2);
    await expect(others.getAllByRole('listitem')[0]).toHaveTextContent('(wichai) · 10:15:32 · ±8 ม.');
    // The signed-in user's own share is not "another device".
    await expect(others.queryByText('สมชาย ใจดี')).toBeNull();
    await start(canvasElement);
    await canvas.findByTestId('last-fix-time');
    const map = canvasElement.querySelector('[data-tiles]')!;
    await expect([...map.querySelectorAll('[data-other]')].map((g) => g.getAttribute('data-other'))).toEqual([
      'wichai',
      'somying',
    ]);
    await expect(map.querySelector('[data-other="wichai"] text')).toHaveTextContent('วิชัย ขับดี');
    await expect(map.querySelector('svg')?.getAttribute('aria-label')).toContain('อุปกรณ์อื่น 2 เครื่อง');
    await waitFor(() => expect(map.getAttribute('data-tiles')).toBe('ok'));
  },
};

const limitedGeo = createFakeGeolocation((geo) => geo.move(fixAt(0)));
export const ShareRefused: Story = {
  args: { geolocation: limitedGeo },
  beforeEach({ msw }) {
    mockServer(msw, { postStatus: 429 });
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'แชร์ตำแหน่งไม่สำเร็จ: ส่งตำแหน่งบ่อยเกินไป กรุณารอสักครู่',
    );
    // Tracking goes on; switching sharing off hides the failure.
    await expect(canvas.getByTestId('last-fix-time')).toHaveTextContent('10:15:30');
    await userEvent.click(canvas.getByRole('switch', { name: 'แชร์ตำแหน่งให้ผู้ดูแลระบบคนอื่นเห็น' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const NotAdmin: Story = {
  args: { geolocation: createFakeGeolocation() },
  parameters: { harness: { roles: [readRoleOf('DO_BOOKING')] } },
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ไม่มีสิทธิ์เข้าถึง')).toBeVisible();
    await expect(canvas.getByText('คุณไม่มีสิทธิ์ใช้งานหน้านี้ กรุณาตรวจสอบ URL หรือติดต่อผู้ดูแลระบบ')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'เริ่มติดตาม' })).toBeNull();
  },
};

const phoneGeo = createFakeGeolocation((geo) => {
  geo.move(fixAt(0));
  geo.move(fixAt(1));
});
export const PhoneWidth: Story = {
  args: { geolocation: phoneGeo },
  parameters: { harness: { width: 360 } },
  beforeEach({ msw }) {
    mockServer(msw, { today: [somying] });
  },
  play: async ({ canvas, canvasElement }) => {
    await start(canvasElement);
    await expect(await canvas.findByTestId('last-fix-time')).toHaveTextContent('10:15:31');
    const map = canvasElement.querySelector<HTMLElement>('[data-tiles]')!;
    await waitFor(() => expect(map.getAttribute('data-tiles')).toBe('ok'));
    await expect(map.getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await expect(map.getBoundingClientRect().width).toBeGreaterThan(280);
    // Phones get a shorter map.
    await expect(map.getBoundingClientRect().height).toBeLessThanOrEqual(322);
    await expect(
      canvas.getByRole('button', { name: 'หยุดติดตาม' }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(canvasElement.getBoundingClientRect().left + 360 + 16);
    // Today's other trackers arrive with their own request, after the map.
    await waitFor(() => expect(map.querySelector('[data-other="somying"]')).not.toBeNull());
  },
};
