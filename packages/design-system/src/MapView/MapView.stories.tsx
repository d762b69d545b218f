import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { phoneViewport } from '../Field/storyHelpers.tsx';
import { type GeoPoint, type MapLine, type MapMarker, MapView, mapColors } from './MapView.tsx';

/** An offline tile: every square the same light pattern (stories never touch the network). */
const OFFLINE_TILE = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256'><rect width='256' height='256' fill='#e8efe2'/><path d='M0 96H256M160 0V256' stroke='#ffffff' stroke-width='10'/><path d='M0 200L256 150' stroke='#f6e7b0' stroke-width='8'/></svg>",
)}`;
/** A tile source that never draws: not an image (no network either). */
const BROKEN_TILE = 'data:text/plain,{z}-{x}-{y}';

/** A walk north through Lumphini Park, one position a second. */
const walk: GeoPoint[] = [0, 1, 2, 3].map((step) => ({
  lat: 13.7305 + step * 0.0002,
  lon: 100.5415 + step * 0.00005,
}));
const here = walk.at(-1) as GeoPoint;

const trail: MapLine = {
  key: 'trail',
  points: walk,
  color: mapColors[0],
  opacity: 0.7,
  roundCaps: true,
  markers: walk.slice(0, -1).map((at, index) => ({ key: String(index), at, color: mapColors[0], size: 2.5 })),
  data: { 'data-trail': walk.length },
};
const person = (key: string, name: string, at: GeoPoint, color: string): MapMarker => ({
  key,
  at,
  color,
  size: 7,
  outline: 2,
  label: name,
  data: { 'data-person': key },
});

/** A truck's trip from the branch (the walk's start) through its stops and back, numbered. */
const trip = (plate: string, color: string, stops: readonly GeoPoint[]): MapLine => ({
  key: plate,
  points: [walk[0]!, ...stops, walk[0]!],
  color,
  opacity: 0.8,
  markers: stops.map((at, n) => ({ key: String(n), at, color, size: 10, outline: 2, number: String(n + 1) })),
  data: { 'data-route': plate },
});

const meta = {
  title: 'Design system/MapView',
  component: MapView,
  tags: ['autodocs'],
  args: {
    label: 'แผนที่ตำแหน่ง: ตำแหน่งของฉัน และอุปกรณ์อื่น 1 เครื่อง',
    emptyText: 'ยังไม่มีตำแหน่งที่จะแสดง',
    tileUrlTemplate: OFFLINE_TILE,
    attribution: '© ผู้ร่วมพัฒนา OpenStreetMap',
    center: here,
    areas: [{ key: 'accuracy', at: here, meters: 15, color: mapColors[0], data: { 'data-accuracy': '' } }],
    lines: [trail],
    markers: [
      person('somying', 'สมหญิง รักงาน', { lat: 13.7322, lon: 100.5448 }, mapColors[1]),
      { key: 'me', at: here, color: mapColors[0], size: 8, outline: 3, data: { 'data-me': '' } },
    ],
    scaleBar: true,
  },
} satisfies Meta<typeof MapView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tiles under the drawing: the accuracy circle, the trail and its dots, the people, a scale bar, the credit. */
export const Tiles: Story = {
  play: async ({ canvas, canvasElement }) => {
    const frame = canvasElement.querySelector<HTMLElement>('[data-tiles]')!;
    await waitFor(() => expect(frame).toHaveAttribute('data-tiles', 'ok'));
    const map = canvas.getByRole('img', { name: /^แผนที่ตำแหน่ง/ });
    await expect(
      map.querySelector('polyline[data-trail="4"]')?.getAttribute('points')?.split(' '),
    ).toHaveLength(4);
    await expect(Number(map.querySelector('[data-accuracy]')?.getAttribute('r'))).toBeGreaterThan(3);
    await expect(map.querySelector('[data-person="somying"] text')).toHaveTextContent('สมหญิง รักงาน');
    await expect(map.querySelector('[data-scale]')?.getAttribute('data-scale')).toMatch(/^\d+ (ม|กม)\.$/);
    await expect(canvas.getByText('© ผู้ร่วมพัฒนา OpenStreetMap')).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    // 420 pixels high on a wide screen, zoomed in as far as everything fits.
    await expect(frame.querySelector('svg')).toHaveAttribute('height', '420');
    await expect(Number(frame.dataset.zoom)).toBeGreaterThanOrEqual(15);
  },
};

/** No tile loads (offline, a blocked host): a notice, and the same drawing on the plain background. */
export const NoTiles: Story = {
  args: { tileUrlTemplate: BROKEN_TILE },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'ไม่สามารถโหลดแผนที่ได้ แสดงตำแหน่งบนพื้นหลังเปล่า',
    );
    const frame = canvasElement.querySelector('[data-tiles]')!;
    await expect(frame).toHaveAttribute('data-tiles', 'failed');
    await expect(frame.querySelectorAll('img')).toHaveLength(0);
    await expect(frame.querySelector('[data-me]')).not.toBeNull();
    await expect(frame.querySelector('polyline[data-trail]')).not.toBeNull();
    await expect(canvas.queryByText('© ผู้ร่วมพัฒนา OpenStreetMap')).toBeNull();
  },
};

/** Trips without tiles configured: numbered stops on each line, a square place with its name, no notice. */
export const RoutesWithoutTiles: Story = {
  args: {
    label: 'แผนที่เส้นทาง: รถ 70-1234 2 จุด, รถ 70-5678 1 จุด',
    tileUrlTemplate: null,
    center: undefined,
    areas: [],
    scaleBar: false,
    lines: [
      trip('70-1234', mapColors[0], [
        { lat: 13.74, lon: 100.53 },
        { lat: 13.745, lon: 100.56 },
      ]),
      trip('70-5678', mapColors[1], [{ lat: 13.72, lon: 100.55 }]),
    ],
    markers: [
      { key: 'branch', at: walk[0]!, color: '#1c1f24', size: 8, shape: 'square', outline: 2, label: 'สาขา' },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    const map = canvas.getByRole('img', { name: /^แผนที่เส้นทาง/ });
    await expect(map.querySelectorAll('polyline[data-route]')).toHaveLength(2);
    await expect([...map.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      '1',
      '2',
      '1',
      'สาขา',
    ]);
    await expect(map.querySelector('rect')).toHaveAttribute('width', '16');
    await expect(canvasElement.querySelector('[data-tiles]')).toHaveAttribute('data-tiles', 'none');
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(map.querySelector('[data-scale]')).toBeNull();
  },
};

/** Nothing to draw yet: the plain background with a sentence, and no picture to name. */
export const Empty: Story = {
  args: { center: undefined, areas: [], lines: [], markers: [], tileUrlTemplate: OFFLINE_TILE },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('ยังไม่มีตำแหน่งที่จะแสดง')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
    // No view, no tiles fetched.
    await expect(canvasElement.querySelectorAll('img')).toHaveLength(0);
  },
};

/** Nothing to draw on a phone, with a long sentence: it wraps inside the frame, clear of its edges. */
export const EmptyLongTextPhone: Story = {
  ...phoneViewport,
  args: {
    ...Empty.args,
    emptyText: 'ยังไม่มีตำแหน่งรถ (รถที่ยังไม่ออกหรือส่งครบแล้วไม่แสดงตำแหน่ง) ตำแหน่งจะปรากฏเมื่อคนขับเริ่มเที่ยวรถ',
  },
  play: async ({ canvas, canvasElement }) => {
    const text = canvas.getByText(/^ยังไม่มีตำแหน่งรถ/);
    const frame = canvasElement.querySelector<HTMLElement>('[data-tiles]') ?? text.parentElement!;
    const bounds = frame.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = [...range.getClientRects()];
    // More than one line, each at least 8 px inside the frame's sides.
    await expect(new Set(lines.map((r) => Math.round(r.top))).size).toBeGreaterThan(1);
    for (const line of lines) {
      await expect(line.left).toBeGreaterThanOrEqual(bounds.left + 8);
      await expect(line.right).toBeLessThanOrEqual(bounds.right - 8);
    }
  },
};

/** Long Thai names beside markers near each other: every name drawn whole, outlined to stay legible over lines. */
export const LongThaiLabels: Story = {
  args: {
    tileUrlTemplate: null,
    markers: [
      person(
        'a',
        'นางสาวพรรณราย ศรีสุวรรณวงศ์ (ฝ่ายวางแผนขนส่ง สาขาบางนา)',
        { lat: 13.7322, lon: 100.5448 },
        mapColors[1],
      ),
      person(
        'b',
        'นายธีรวัฒน์ เจริญพัฒนากุล ผู้ช่วยผู้จัดการคลังสินค้าภาคตะวันออก',
        { lat: 13.7281, lon: 100.5372 },
        mapColors[2],
      ),
      { key: 'me', at: here, color: mapColors[0], size: 8, outline: 3, data: { 'data-me': '' } },
    ],
  },
  play: async ({ canvas }) => {
    const map = canvas.getByRole('img');
    await expect(map.querySelector('[data-person="a"] text')).toHaveTextContent(
      'นางสาวพรรณราย ศรีสุวรรณวงศ์ (ฝ่ายวางแผนขนส่ง สาขาบางนา)',
    );
    await expect(map.querySelector('[data-person="b"] text')).toHaveTextContent(/ภาคตะวันออก$/);
    // Every marker inside the view, names starting beside them.
    const bounds = map.getBoundingClientRect();
    for (const circle of map.querySelectorAll('circle[r="7"]')) {
      const box = circle.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(bounds.left);
      await expect(box.right).toBeLessThanOrEqual(bounds.right);
    }
  },
};

/** A phone: the map as wide as the screen and shorter (320 pixels). */
export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvasElement }) => {
    const frame = canvasElement.querySelector<HTMLElement>('[data-tiles]')!;
    await waitFor(() => expect(frame).toHaveAttribute('data-tiles', 'ok'));
    await expect(frame.getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await expect(frame.getBoundingClientRect().width).toBeGreaterThan(280);
    await expect(frame.querySelector('svg')).toHaveAttribute('height', '320');
  },
};
