import { documentsApi } from '@lms/domain';
import { EntityDetailPage, type EntityListPage } from '@lms/entity-pages';
import { fixtureId, mock, refusal } from '@lms/testing';
import { entityStories, fakeTab } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

/**
 * "พิมพ์" (docs/documents.md): a record prints its own document; the picked rows of a list print
 * as one batch, its progress shown while the server streams the PDF. The new tab is a stand-in
 * here (window.open is spied on): the story checks what it is given, a PDF's blob URL.
 */
const booking = entityStories('bookingReport');
const shipment = entityStories('shipment');

const meta = {
  title: 'Pages/Printing',
  ...booking.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

let opened: ReturnType<typeof fakeTab> | null = null;
const batches: unknown[] = [];
/** The batch's PDF arrives in two parts; the second waits for the story to let it go. */
let release: () => void = () => undefined;

const streamedBatch = mock(documentsApi.batch, (request) => {
  batches.push(request.body);
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(1_500_000).fill(32));
      await gate;
      controller.enqueue(new TextEncoder().encode('%%EOF\n'));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'application/pdf' } });
});

/** Ticks the first `count` rows' checkboxes (named by the record, "เลือก BK…"; not the header's "เลือกทุกแถว…"). */
const pick = async (canvasElement: HTMLElement, count: number) => {
  const boxes = await within(canvasElement).findAllByRole('checkbox', {
    name: (name) => name.startsWith('เลือก '),
  });
  for (const box of boxes.slice(0, count)) await userEvent.click(box);
};

/** Pick two bookings, "พิมพ์" → ใบนัดส่งสินค้า: one batch, its progress, then the PDF in the new tab. */
export const PrintSelectedRows: Story = {
  args: { entity: 'bookingReport' },
  beforeEach: ({ msw }) => {
    batches.length = 0;
    booking.mount(msw);
    msw.use(streamedBatch);
    opened = fakeTab();
    return () => opened?.restore();
  },
  play: async ({ canvasElement, canvas }) => {
    await pick(canvasElement, 2);
    const bar = canvas.getByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' });
    await expect(bar).toHaveTextContent('เลือกแล้ว 2 รายการ');
    await userEvent.click(await within(bar).findByRole('button', { name: 'พิมพ์' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ใบนัดส่งสินค้า' }));
    // The first 1.5 MB arrived; the rest is still being made.
    await expect(await canvas.findByText('กำลังสร้าง PDF 2 ฉบับ… ได้รับแล้ว 1.5 MB')).toBeVisible();
    // The newest rows first (the list's order), in the order they were picked.
    await expect(batches).toEqual([
      { kind: 'appointment', ids: [fixtureId('bookingReport', 9), fixtureId('bookingReport', 8)] },
    ]);
    release();
    await waitFor(() => expect(opened?.tab.location.href).toMatch(/^blob:/));
    await waitFor(() => expect(canvas.queryByText(/กำลังสร้าง PDF/)).toBeNull());
  },
};

/** A batch the server refuses (a row of another branch): its Thai message, and no tab left open. */
export const PrintSelectedRefused: Story = {
  args: { entity: 'deliveryOrder' },
  beforeEach: ({ msw }) => {
    entityStories('deliveryOrder').mount(msw);
    msw.use(mock(documentsApi.batch, () => refusal(404, 'ไม่พบข้อมูล 1 รายการในสาขานี้ จึงไม่ได้พิมพ์เอกสาร')));
    opened = fakeTab();
    return () => opened?.restore();
  },
  play: async ({ canvasElement, canvas }) => {
    await pick(canvasElement, 3);
    const bar = canvas.getByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' });
    await userEvent.click(await within(bar).findByRole('button', { name: 'พิมพ์' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ใบส่งสินค้า' }));
    await expect(await screen.findByText('ไม่พบข้อมูล 1 รายการในสาขานี้ จึงไม่ได้พิมพ์เอกสาร')).toBeVisible();
    await expect(opened?.tab.location.href).toBe('');
    // Read, the planner closes it: the picture does not depend on the snackbar's timing.
    await userEvent.click(screen.getByRole('button', { name: 'ปิดการแจ้งเตือน' }));
  },
};

/** On a phone the rows are cards, each with its checkbox: picking and printing work the same. */
export const PrintSelectedOnPhone: Story = {
  args: { entity: 'shipment' },
  parameters: { harness: { width: 360 } },
  beforeEach: ({ msw }) => {
    batches.length = 0;
    shipment.mount(msw);
    msw.use(streamedBatch);
    opened = fakeTab();
    return () => opened?.restore();
  },
  play: async ({ canvasElement, canvas }) => {
    await pick(canvasElement, 2);
    const bar = canvas.getByRole('region', { name: 'การดำเนินการกับรายการที่เลือก' });
    await expect(bar).toHaveTextContent('เลือกแล้ว 2 รายการ');
    // Keyboard: the menu opens and its item is chosen without a pointer.
    (await within(bar).findByRole('button', { name: 'พิมพ์' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'ใบคุมรถ' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('กำลังสร้าง PDF 2 ฉบับ… ได้รับแล้ว 1.5 MB')).toBeVisible();
    await expect(batches).toEqual([
      { kind: 'tripSheet', ids: [fixtureId('shipment', 9), fixtureId('shipment', 8)] },
    ]);
    release();
    await waitFor(() => expect(opened?.tab.location.href).toMatch(/^blob:/));
  },
};

const tripSheets: string[] = [];

/** A shipment's page prints its trip sheet (ใบคุมรถ). */
export const PrintShipmentTripSheet: Story = {
  beforeEach: ({ msw }) => {
    tripSheets.length = 0;
    shipment.mount(msw);
    msw.use(
      mock(documentsApi.tripSheet, ({ params }) => {
        tripSheets.push(params.id);
        return new HttpResponse('%PDF-1.3\n%%EOF\n', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    opened = fakeTab();
    return () => opened?.restore();
  },
  render: () => <EntityDetailPage entity="shipment" id={fixtureId('shipment', 1)} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'พิมพ์' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ใบคุมรถ' }));
    await waitFor(() => expect(opened?.tab.location.href).toMatch(/^blob:/));
    await expect(tripSheets).toEqual([fixtureId('shipment', 1)]);
  },
};
