import { designSystemMessages } from '@lms/design-system';
import { privacyApi } from '@lms/domain';
import { EntityDetailPage, type EntityListPage } from '@lms/entity-pages';
import { fixtureId, mock, refusal } from '@lms/testing';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { privacyText } from '../privacy/privacyText.ts';

const shipTo = entityStories('shipTo');

/** The ship-to's special parts: erasing its contact data, one person's export (PDPA, docs/privacy.md). */
const meta = {
  title: 'Pages/ShipTo/Special part',
  ...shipTo.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const shipToId = fixtureId('shipTo', 1);
const erased: string[] = [];
const exported: string[] = [];
const eraseHandler = mock(privacyApi.eraseContact, ({ params }) => {
  erased.push(params.id);
  return { id: params.id, messages: 3 };
});

/** An editor erases the contact data after confirming; the answer says what went and what stays. */
export const EraseContact: Story = {
  beforeEach: ({ msw }) => {
    erased.length = 0;
    shipTo.mount(msw);
    msw.use(eraseHandler);
  },
  render: () => <EntityDetailPage entity="shipTo" id={shipToId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'ลบข้อมูลติดต่อ (PDPA)' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await expect(dialog.getByText(/การจองและประวัติการจองยังอยู่ครบ/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'ไม่ลบ' }));
    await expect(erased).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: 'ลบข้อมูลติดต่อ (PDPA)' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ลบข้อมูลติดต่อ' }),
    );
    await expect(await screen.findByText(/^ลบข้อมูลติดต่อของ .+ แล้ว \(สำเนาข้อความ 3 รายการ\)/)).toBeVisible();
    await expect(erased).toEqual([shipToId]);
  },
};

/** The refusal of the server is shown in Thai. */
export const EraseRefused: Story = {
  beforeEach: ({ msw }) => {
    shipTo.mount(msw);
    msw.use(mock(privacyApi.eraseContact, () => refusal(403, 'ไม่มีสิทธิ์แก้ไข สถานที่ส่งสินค้า')));
  },
  render: () => <EntityDetailPage entity="shipTo" id={shipToId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'ลบข้อมูลติดต่อ (PDPA)' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ลบข้อมูลติดต่อ' }),
    );
    await expect(await screen.findByText('ไม่มีสิทธิ์แก้ไข สถานที่ส่งสินค้า')).toBeVisible();
  },
};

/** A reader of ship-tos is offered no erasure. */
export const ReaderCannotErase: Story = {
  beforeEach: ({ msw }) => shipTo.mount(msw),
  parameters: { harness: { roles: ['ROLE_SHIP_TO_READ'] } },
  render: () => <EntityDetailPage entity="shipTo" id={shipToId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('tab', { name: 'รายละเอียด' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'ลบข้อมูลติดต่อ (PDPA)' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: privacyText.exportRecord })).toBeNull();
  },
};

/** An administrator answers a data-subject request: the person's data as a JSON file, from the record's page. */
export const ExportPersonalData: Story = {
  beforeEach: ({ msw }) => {
    exported.length = 0;
    shipTo.mount(msw);
    msw.use(
      mock(privacyApi.personalData, ({ params }) => {
        exported.push(`${params.entity}/${params.id}`);
        return HttpResponse.json(
          {
            entity: params.entity,
            recordId: params.id,
            record: {},
            history: [],
            messages: [],
            accessLog: [],
          },
          { headers: { 'content-disposition': 'attachment; filename="personal-data.json"' } },
        );
      }),
    );
  },
  render: () => <EntityDetailPage entity="shipTo" id={shipToId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: privacyText.exportRecord }));
    await expect(await screen.findByText(/^ส่งออกข้อมูลส่วนบุคคลของ .+ แล้ว/)).toBeVisible();
    await expect(exported).toEqual([`shipTo/${shipToId}`]);
    // Closed, so the picture does not depend on the snackbar's timing.
    await userEvent.click(screen.getByRole('button', { name: designSystemMessages.snackbarClose }));
    await waitFor(() => expect(screen.queryByText(/^ส่งออกข้อมูลส่วนบุคคลของ/)).toBeNull());
  },
};

/** Whoever may edit ship-tos but is no administrator erases, and is offered no export. */
export const EditorCannotExport: Story = {
  beforeEach: ({ msw }) => shipTo.mount(msw),
  parameters: { harness: { roles: ['ROLE_SHIP_TO_READ', 'ROLE_SHIP_TO_EDIT'] } },
  render: () => <EntityDetailPage entity="shipTo" id={shipToId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'ลบข้อมูลติดต่อ (PDPA)' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: privacyText.exportRecord })).toBeNull();
  },
};
