import { drawsOf, resetDraws } from '@lms/design-system/renderCounts';
import { ROLE_ADMIN, readRoleOf, shipmentPlanningApi, tripsOf } from '@lms/domain';
import {
  confirmedSlot,
  type PlanningMockOptions,
  planningHandlers,
  REPLAN_REFUSED,
  replanLongText,
  replanPreview,
  replanUnchanged,
  requestPath,
  STORY_REPLAN_NOW,
  STORY_TODAY,
} from '@lms/testing';
import { callRecorder, PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ShipmentPlanningPage } from './ShipmentPlanningPage.tsx';

const recorder = callRecorder();

function ReplanHarness({
  roles = [ROLE_ADMIN],
  width,
  now = STORY_REPLAN_NOW,
}: {
  readonly roles?: readonly string[];
  readonly width?: number;
  /** The dispatcher's clock. */
  readonly now?: number;
}) {
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <ShipmentPlanningPage today={STORY_TODAY} tileUrlTemplate={null} now={() => now} />
    </PageHarness>
  );
}

/** "วางแผนใหม่จากตอนนี้" on a confirmed plan: the re-plan's changes, reviewed before confirming. */
const meta = {
  title: 'Pages/Shipment Planning/Re-plan from now',
  component: ReplanHarness,
} satisfies Meta<typeof ReplanHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

function mocked(options: Omit<PlanningMockOptions, 'slot'> = {}): Story['beforeEach'] {
  return ({ msw }) => {
    recorder.reset();
    msw.use(...planningHandlers({ slot: confirmedSlot, ...options, onCall: recorder.onCall }));
  };
}

type Canvas = ReturnType<typeof within>;
/** Presses the button and answers the review's region. */
async function replan(canvas: Canvas) {
  const button = await canvas.findByRole('button', { name: 'วางแผนใหม่จากตอนนี้' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  return within(await canvas.findByRole('region', { name: 'วางแผนใหม่จากตอนนี้' }));
}

export const Loading: Story = {
  beforeEach: mocked({ replan: 'loading' }),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await expect(review.getByRole('status')).toHaveTextContent('กำลังวางแผนใหม่จากสิ่งที่เกิดขึ้นแล้ว…');
    // No other moment may be asked while one is being planned.
    await expect(review.getByRole('button', { name: 'วางแผนจากเวลานี้' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'วางแผนใหม่จากตอนนี้' })).toBeDisabled();
    // The re-plan's call (the page's own reads may come after it): with the slot on screen.
    const replanPath = requestPath(shipmentPlanningApi.replan);
    await waitFor(() =>
      expect(recorder.calls.find((call) => call.path === replanPath)).toMatchObject({
        body: { date: confirmedSlot.date, shiftOfDayId: confirmedSlot.shiftOfDayId },
      }),
    );
  },
};

/** Every booking it moves, adds or retimes, in the server's order, then confirmed with the preview's trips. */
export const Changes: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await expect(
      await review.findByText('วางแผนจากเวลา 09:30 น. · จุดส่งที่คนขับเริ่มแล้ว 1 จุด คงไว้กับรถและลำดับเดิม'),
    ).toBeVisible();
    const items = within(review.getByRole('list', { name: 'สิ่งที่เปลี่ยน' })).getAllByRole('listitem');
    await expect(items.map((i) => i.textContent)).toEqual([
      'ย้ายรถBK20250106000003 ST003 ร้านรุ่งเรืองจากรถ 70-5678 ไปรถ 3ฒ-4455 ถึง 10:00',
      'จุดส่งใหม่BK20250106000004 ST004 บุญถาวร ปิ่นเกล้าส่งด้วยรถ 3ฒ-4455 ถึง 11:05',
      'เวลาถึงเปลี่ยนBK20250106000002 ST002 ไทวัสดุ รังสิตรถ 70-1234 ถึง 09:35 → 10:05',
    ]);
    await userEvent.click(review.getByRole('button', { name: 'ยืนยันแผนใหม่' }));
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: 'วางแผนใหม่จากตอนนี้' })).not.toBeInTheDocument(),
    );
    const confirmPath = requestPath(shipmentPlanningApi.replanConfirm);
    await expect(recorder.calls.find((call) => call.path === confirmPath)).toMatchObject({
      body: { version: 1, trips: tripsOf(replanPreview.plan) },
    });
    await expect(await canvas.findByText('ยืนยันแผนแล้ว (ครั้งที่ 2)')).toBeInTheDocument();
  },
};

/** The moment's field: its hour and minute segments. */
const momentSegments = (review: Canvas) =>
  within(review.getByRole('group', { name: /วางแผนใหม่จากเวลา/ })).getAllByRole('spinbutton');

/** Types a time into the moment's field and asks for the plan from it. */
async function planFrom(review: Canvas, time: string) {
  await userEvent.click(momentSegments(review)[0] as HTMLElement);
  await userEvent.keyboard(time.replace(':', ''));
  await userEvent.click(review.getByRole('button', { name: 'วางแผนจากเวลานี้' }));
}

/**
 * A later moment of the shift: the dispatcher types 10:15 (now is 09:30), the server plans from
 * it, and the confirm carries the same moment.
 */
export const ChosenMoment: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    // From now by default: the answer's moment fills the field.
    await expect(await review.findByText(/^วางแผนจากเวลา 09:30 น\./)).toBeVisible();
    await expect(momentSegments(review).map((s) => s.textContent)).toEqual(['09', '30']);
    await expect(review.getByRole('group', { name: /วางแผนใหม่จากเวลา/ })).toHaveAccessibleDescription(
      expect.stringContaining('ตั้งแต่เวลาปัจจุบัน ถึงก่อนสิ้นสุดกะ 12:00 น.'),
    );
    await planFrom(review, '10:15');
    const again = within(await canvas.findByRole('region', { name: 'วางแผนใหม่จากตอนนี้' }));
    await expect(await again.findByText(/^วางแผนจากเวลา 10:15 น\./)).toBeVisible();
    const replanPath = requestPath(shipmentPlanningApi.replan);
    const asked = '2025-01-06T03:15:00.000Z';
    await expect(recorder.calls.filter((call) => call.path === replanPath).at(-1)).toMatchObject({
      body: { date: confirmedSlot.date, shiftOfDayId: confirmedSlot.shiftOfDayId, at: asked },
    });
    await userEvent.click(again.getByRole('button', { name: 'ยืนยันแผนใหม่' }));
    const confirmPath = requestPath(shipmentPlanningApi.replanConfirm);
    await waitFor(() =>
      expect(recorder.calls.find((call) => call.path === confirmPath)).toMatchObject({ body: { at: asked } }),
    );
    await expect(await within(document.body).findByText('ยืนยันแผนใหม่แล้ว')).toBeVisible();
  },
};

/** A moment after the shift or before now is refused on the field, in Thai naming the rule, and nothing is asked. */
export const MomentOutsideShift: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await review.findByText(/^วางแผนจากเวลา 09:30 น\./);
    const replanPath = requestPath(shipmentPlanningApi.replan);
    const asked = () => recorder.calls.filter((call) => call.path === replanPath).length;
    const before = asked();
    const field = () => review.getByRole('group', { name: /วางแผนใหม่จากเวลา/ });
    await planFrom(review, '12:30');
    await waitFor(() =>
      expect(field()).toHaveAccessibleDescription(
        expect.stringContaining('เวลาที่จะวางแผนใหม่เลยเวลาสิ้นสุดกะแล้ว'),
      ),
    );
    await expect(momentSegments(review)[0]).toHaveAttribute('aria-invalid', 'true');
    await planFrom(review, '08:00');
    await waitFor(() =>
      expect(field()).toHaveAccessibleDescription(
        expect.stringContaining('เวลาที่จะวางแผนใหม่ต้องไม่ก่อนเวลาปัจจุบัน'),
      ),
    );
    await expect(asked()).toBe(before);
  },
};

/**
 * The shift has not begun (the day before, 11:55): the field says the re-plan is from the shift's
 * start, and a time of the shift before today's clock is the shift's own and may be asked.
 */
export const ShiftNotBegun: Story = {
  args: { now: STORY_REPLAN_NOW - 24 * 3600_000 + (2 * 60 + 25) * 60_000 },
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await review.findByText(/^วางแผนจากเวลา 09:30 น\./);
    await expect(review.getByRole('group', { name: /วางแผนใหม่จากเวลา/ })).toHaveAccessibleDescription(
      expect.stringContaining('ตั้งแต่เริ่มกะ 08:00 น. ถึงก่อนสิ้นสุดกะ 12:00 น.'),
    );
    await planFrom(review, '08:30');
    const replanPath = requestPath(shipmentPlanningApi.replan);
    await waitFor(() =>
      expect(recorder.calls.filter((call) => call.path === replanPath).at(-1)).toMatchObject({
        body: { at: '2025-01-06T01:30:00.000Z' },
      }),
    );
  },
};

/** Empty: nothing to change, so nothing to confirm. */
export const NothingToChange: Story = {
  beforeEach: mocked({ replan: replanUnchanged }),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await expect(await review.findByText('ไม่มีอะไรเปลี่ยนจากแผนที่ยืนยันไว้')).toBeVisible();
    await expect(review.queryByRole('button', { name: 'ยืนยันแผนใหม่' })).not.toBeInTheDocument();
    await userEvent.click(review.getByRole('button', { name: 'ปิด' }));
    await expect(canvas.queryByRole('region', { name: 'วางแผนใหม่จากตอนนี้' })).not.toBeInTheDocument();
  },
};

/** The planner pool full: the server's Thai words, and a way out. */
export const PlannerBusy: Story = {
  beforeEach: mocked({ replan: 'error' }),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await expect(await review.findByRole('alert')).toHaveTextContent(
      'ระบบกำลังวางแผนให้ผู้ใช้อื่นอยู่เต็มจำนวน กรุณาลองใหม่ในอีกสักครู่',
    );
    await expect(review.getByRole('button', { name: 'ปิด' })).toBeEnabled();
  },
};

/** A driver started a stop since the preview: the confirm is refused naming it, the review stays. */
export const StartedSincePreview: Story = {
  beforeEach: mocked({ replanConfirm: 'refuse' }),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await userEvent.click(await review.findByRole('button', { name: 'ยืนยันแผนใหม่' }));
    await expect(await review.findByRole('alert')).toHaveTextContent(REPLAN_REFUSED);
    await expect(review.getByRole('button', { name: 'ยืนยันแผนใหม่' })).toBeEnabled();
    await expect(canvas.getByText('ยืนยันแผนแล้ว (ครั้งที่ 1)')).toBeInTheDocument();
  },
};

/** Long Thai names and a booking that can no longer be delivered in its window wrap inside the panel. */
export const LongThaiText: Story = {
  beforeEach: mocked({ replan: replanLongText }),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    const dropped = (await review.findAllByRole('listitem')).at(-1) as HTMLElement;
    await expect(dropped).toHaveTextContent(
      /^ไม่ได้จัดลงรถBK20250106000001 .*ประตูทิศใต้\)ไม่มีรถคันใดไปถึงทันช่วงเวลาที่จองไว้ภายในกะ แม้จะส่งเพียงจุดเดียว$/,
    );
    const panel = canvas.getByRole('region', { name: 'วางแผนใหม่จากตอนนี้' });
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

/** A phone 390 px wide: the changes and the buttons fit without scrolling sideways. */
export const Phone: Story = {
  args: { width: 390 },
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await expect(await review.findByRole('button', { name: 'ยืนยันแผนใหม่' })).toBeVisible();
    await expect(review.getByRole('button', { name: 'วางแผนจากเวลานี้' })).toBeVisible();
    const panel = canvas.getByRole('region', { name: 'วางแผนใหม่จากตอนนี้' });
    await expect(panel.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

/** SHIPMENT read may look at a re-plan but not confirm it. */
export const ReadOnly: Story = {
  args: { roles: [readRoleOf('SHIPMENT')] },
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const review = await replan(canvas);
    await expect(await review.findByRole('list', { name: 'สิ่งที่เปลี่ยน' })).toBeVisible();
    await expect(review.queryByRole('button', { name: 'ยืนยันแผนใหม่' })).not.toBeInTheDocument();
    await expect(review.getByRole('button', { name: 'ยกเลิก' })).toBeEnabled();
  },
};

/**
 * Opening the review draws the page and its panel, not the board's trips, figures or map (issue
 * 41, interaction to next paint: every tap on the page drew every trip's stops, buttons and
 * selects). Counted by `@lms/design-system/renderCounts`.
 */
export const OpeningTheReviewLeavesTheBoard: Story = {
  beforeEach: mocked({ replan: 'loading' }),
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: 'วางแผนใหม่จากตอนนี้' });
    await waitFor(() => expect(button).toBeEnabled());
    await expect((await canvas.findAllByRole('button', { name: /^เอาออก/ })).length).toBeGreaterThan(0);
    resetDraws();
    await userEvent.click(button);
    await canvas.findByRole('region', { name: 'วางแผนใหม่จากตอนนี้' });
    await expect(drawsOf('ShipmentPlanningPage')).toBeGreaterThan(0);
    await expect(drawsOf('TripColumn')).toBe(0);
    await expect(drawsOf('PlanFigures')).toBe(0);
    await expect(drawsOf('RouteMap')).toBe(0);
  },
};
