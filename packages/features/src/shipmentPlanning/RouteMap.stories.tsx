import { OSM_ATTRIBUTION } from '@lms/domain';
import { plannedSlot } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RouteMap } from './RouteMap.tsx';

/** The plan's routes on the map (no tiles in stories: no internet). */
const meta = {
  title: 'Pages/Shipment Planning/Route map',
  component: RouteMap,
  args: { plan: plannedSlot, tileUrlTemplate: null, attribution: OSM_ATTRIBUTION },
} satisfies Meta<typeof RouteMap>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Routes: Story = {
  play: async ({ canvas, canvasElement }) => {
    const map = await canvas.findByRole('img', { name: /^แผนที่เส้นทาง/ });
    await expect(map.querySelectorAll('[data-route]')).toHaveLength(2);
    await expect(map.querySelectorAll('[data-branch]')).toHaveLength(1);
    await expect(canvas.getByRole('list', { name: 'สีของเส้นทาง' })).toHaveTextContent(
      'รถ 70-1234 รถ 70-5678 ยังไม่ได้จัดรถ',
    );
    await expect(canvasElement.querySelector('[data-tiles]')).toHaveAttribute('data-tiles', 'none');
  },
};

/** Bookings without coordinates are left off the map and counted under it. */
export const WithoutPlaces: Story = {
  args: {
    plan: {
      ...plannedSlot,
      branchPlace: null,
      bookings: plannedSlot.bookings.map((b, i) => (i === 0 ? { ...b, place: null } : b)),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ไม่มีพิกัด 1 การจอง (ไม่แสดงบนแผนที่)')).toBeVisible();
    await expect(canvas.getByRole('img')).toHaveAccessibleName(
      'แผนที่เส้นทาง: รถ 70-1234 1 จุด, รถ 70-5678 1 จุด, ยังไม่ได้จัดรถ 1 จุด',
    );
  },
};

export const NoPlaceAtAll: Story = {
  args: {
    plan: {
      ...plannedSlot,
      branchPlace: null,
      bookings: plannedSlot.bookings.map((b) => ({ ...b, place: null })),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ยังไม่มีพิกัดของสาขาและสถานที่ส่ง')).toBeVisible();
  },
};
