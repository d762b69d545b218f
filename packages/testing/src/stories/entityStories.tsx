import { designSystemMessages } from '@lms/design-system';
import {
  type EntityDef,
  type EntityName,
  entityApi,
  formatDate,
  MESSAGES,
  phrase,
  resolveEntity,
  schemaFor,
} from '@lms/domain';
import { EntityDetailPage, EntityListPage, formatField, type OpenBookingEvents } from '@lms/entity-pages';
import type { Decorator, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { STALE_MESSAGE } from '../mocks/entityHandlers.ts';
import { fixtureId, fixtureRecord } from '../mocks/fixtures.ts';
import { type MockRequest, mockEntityApi } from '../mocks/index.ts';
import { fieldRefusal, mock, neverAnswered, refusal, requestPath } from '../mocks/mock.ts';
import { PageHarness, readOnlyRoles } from './PageHarness.tsx';

/**
 * The standard stories of an entity's generic pages, derived from its declaration like the pages
 * themselves: every entity gets the same states and the same behavioural checks.
 */
type Story = StoryObj<typeof EntityListPage>;

export interface HarnessParameters {
  readonly roles?: readonly string[];
  readonly search?: string;
  readonly width?: number;
  /** The branch's event stream the story plays (presence, bookings). */
  readonly openEvents?: OpenBookingEvents;
  /** How long a snackbar stays (default: the spec's 5000 ms); long where a story looks at a pile of them. */
  readonly snackbarMs?: number;
}

export const withHarness: Decorator = (Story, context) => {
  const harness = (context.parameters.harness ?? {}) as HarnessParameters;
  return (
    <PageHarness
      roles={harness.roles}
      search={harness.search}
      width={harness.width}
      openEvents={harness.openEvents}
      snackbarMs={harness.snackbarMs}
    >
      <Story />
    </PageHarness>
  );
};

/** The first list column's text of fixture record `index`: what a story looks for in the grid. */
export function firstCellText(entity: EntityDef, index = 1): string {
  const field = entity.fields.find((candidate) => candidate.name === entity.listColumns[0]);
  return field ? formatField(field, fixtureRecord(entity, index)) : '';
}

/** Thai "please enter" messages of the required fields a create form shows. */
export function requiredMessages(entity: EntityDef): string[] {
  try {
    schemaFor(entity, 'create').validateSync({}, { abortEarly: false });
    return [];
  } catch (error) {
    const inner = (error as { inner?: { message: string }[] }).inner ?? [];
    return [...new Set(inner.map((leaf) => leaf.message).filter((message) => message.startsWith('กรุณาระบุ')))];
  }
}

/** Requests seen by the handlers during one story. */
export const seenRequests: MockRequest[] = [];

export function entityStories(entityName: EntityName) {
  const entity = resolveEntity(entityName);
  const first = firstCellText(entity);
  const calls = entityApi(entity);
  /** The list's path as the page sends it; a record's starts with it. */
  const api = requestPath(calls.list);
  const mount = (msw: { use: (...handlers: never[]) => void }, options = {}) => {
    seenRequests.length = 0;
    msw.use(
      ...(mockEntityApi(entity, {
        onRequest: (request) => seenRequests.push(request),
        ...options,
      }) as never[]),
    );
  };
  const meta = {
    component: EntityListPage,
    args: { entity: entity.name },
    decorators: [withHarness],
    parameters: { layout: 'padded' },
  };
  const openEdit = async (canvasElement: HTMLElement) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: new RegExp(`^แก้ไข ${escapeRegExp(first)}`) }),
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
    return dialog;
  };

  const List: Story = {
    beforeEach: ({ msw }) => mount(msw),
    play: async ({ canvas }) => {
      // Several fixtures may share a first column (a reference to the same record).
      await expect((await canvas.findAllByText(first))[0]).toBeVisible();
      await expect(canvas.getByRole('button', { name: phrase('เพิ่ม', entity.title) })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'ส่งออก Excel' })).toBeVisible();
    },
  };

  const Empty: Story = {
    beforeEach: ({ msw }) => mount(msw, { fixtures: [] }),
    play: async ({ canvas }) => {
      await expect(await canvas.findByText(phrase('ยังไม่มีข้อมูล', entity.title))).toBeVisible();
    },
  };

  const Loading: Story = {
    beforeEach: ({ msw }) => {
      mount(msw);
      msw.use(mock(calls.list, () => neverAnswered()));
    },
    play: async ({ canvas }) => {
      await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด'));
    },
  };

  const ServerError: Story = {
    beforeEach: ({ msw }) => {
      mount(msw);
      msw.use(mock(calls.list, () => refusal(500, MESSAGES.serverError.text)));
    },
    play: async ({ canvas }) => {
      await expect(await canvas.findByRole('alert')).toHaveTextContent(MESSAGES.serverError.text);
    },
  };

  const Create: Story = {
    beforeEach: ({ msw }) => mount(msw),
    play: async ({ canvas }) => {
      await userEvent.click(await canvas.findByRole('button', { name: phrase('เพิ่ม', entity.title) }));
      // Until the form's chunk has come, a loading dialog stands in, its save disabled (LoadingDialog):
      // a press on it is lost (the first file to open a form, on a loaded machine, once pressed it).
      await screen.findByRole('dialog');
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
      for (const message of requiredMessages(entity)) {
        await expect(await within(dialog).findByText(message)).toBeVisible();
      }
      // Nothing reached the server: the schema stopped the empty form.
      await expect(seenRequests.some((request) => request.method === 'POST')).toBe(false);
    },
  };

  const EditServerErrors: Story = {
    beforeEach: ({ msw }) => {
      mount(msw);
      const field = entity.fields.find((candidate) => !candidate.readOnly && candidate.type === 'string');
      const errors = { [field?.name ?? 'name']: phrase(field?.label ?? 'ชื่อ', 'นี้มีอยู่แล้ว') };
      msw.use(
        mock(calls.update, () => fieldRefusal(errors, 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', ...Object.values(errors))),
      );
    },
    play: async ({ canvasElement }) => {
      const dialog = await openEdit(canvasElement);
      await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
      const field = entity.fields.find((candidate) => !candidate.readOnly && candidate.type === 'string');
      const input = await within(dialog).findByRole('textbox', {
        name: new RegExp(`^${escapeRegExp(field?.label ?? '')}`),
      });
      await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
      await expect(input).toHaveAccessibleDescription(expect.stringContaining('นี้มีอยู่แล้ว'));
    },
  };

  const EditConflict: Story = {
    beforeEach: ({ msw }) => {
      mount(msw);
      msw.use(mock(calls.update, () => refusal(409, STALE_MESSAGE)));
    },
    // Issue 22 item 7: a stale save offers the server's version or more editing.
    play: async ({ canvasElement }) => {
      const dialog = await openEdit(canvasElement);
      const save = within(dialog).getByRole('button', { name: 'บันทึก' });
      await userEvent.click(save);
      await expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_MESSAGE);
      // Keep editing: the notice goes, the form stays; saving again is refused again.
      await userEvent.click(within(dialog).getByRole('button', { name: 'แก้ไขต่อ' }));
      await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
      await userEvent.click(save);
      await expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_MESSAGE);
      // Reload: the record is read again and the notice goes.
      const reads = () =>
        seenRequests.filter((r) => r.method === 'GET' && r.path.startsWith(`${api}/`)).length;
      const before = reads();
      await userEvent.click(within(dialog).getByRole('button', { name: 'โหลดข้อมูลล่าสุด' }));
      await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
      await expect(reads()).toBeGreaterThan(before);
      await expect(screen.getByRole('dialog')).toBeVisible();
    },
  };

  const Show: Story = {
    beforeEach: ({ msw }) => mount(msw),
    play: async ({ canvas }) => {
      await userEvent.click(
        await canvas.findByRole('button', { name: new RegExp(`^ดู ${escapeRegExp(first)}`) }),
      );
      const dialog = await screen.findByRole('dialog');
      await expect(await within(dialog).findByText(first)).toBeVisible();
      await expect(within(dialog).queryByRole('button', { name: 'บันทึก' })).toBeNull();
      await expect(within(dialog).getByRole('button', { name: 'ปิด' })).toBeVisible();
    },
  };

  const NoPermission: Story = {
    beforeEach: ({ msw }) => mount(msw),
    parameters: { harness: { roles: readOnlyRoles(entity) } },
    play: async ({ canvas }) => {
      await expect(await canvas.findByText(first)).toBeVisible();
      await expect(canvas.queryByRole('button', { name: phrase('เพิ่ม', entity.title) })).toBeNull();
      await expect(canvas.queryByRole('button', { name: /^แก้ไข / })).toBeNull();
      await expect(
        canvas.getByRole('button', { name: new RegExp(`^ดู ${escapeRegExp(first)}`) }),
      ).toBeVisible();
    },
  };

  const PhoneWidth: Story = {
    beforeEach: ({ msw }) => mount(msw),
    parameters: { harness: { width: 360 } },
    play: async ({ canvas, canvasElement }) => {
      await expect(await canvas.findByText(first)).toBeVisible();
      const page = canvasElement.querySelector('[data-story-root] > div') as HTMLElement;
      await expect(page.scrollWidth).toBeLessThanOrEqual(362);
      // A card's title (the record's number or code) opens the record, as a row's click does in
      // the table: on a phone there is no row to click.
      await userEvent.click(canvas.getAllByRole('button', { name: first })[0]!);
      const dialog = await screen.findByRole('dialog');
      await expect(await within(dialog).findByText(first)).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: designSystemMessages.close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  };

  const Search: Story = {
    beforeEach: ({ msw }) => mount(msw),
    play: async ({ canvas }) => {
      await expect(await canvas.findByText(first)).toBeVisible();
      await userEvent.type(canvas.getByRole('searchbox'), first);
      await waitFor(() =>
        expect(
          seenRequests.some((request) => request.path === api && request.params.get('searchTerm') === first),
        ).toBe(true),
      );
      await waitFor(() => expect(canvas.queryByText(firstCellText(entity, 2))).toBeNull());
    },
  };

  const Detail: Story = {
    beforeEach: ({ msw }) => mount(msw),
    render: () => (
      <EntityDetailPage entity={entity.name} id={fixtureId(entity.name, 1)} onBack={() => undefined} />
    ),
    play: async ({ canvas }) => {
      await expect(
        await canvas.findByRole('heading', { level: 2, name: new RegExp(escapeRegExp(entity.title)) }),
      ).toBeVisible();
      await userEvent.click(await canvas.findByRole('tab', { name: 'ประวัติการแก้ไข' }));
      await expect(await canvas.findByText('สร้าง')).toBeVisible();
      const panel = canvas.getByRole('tabpanel');
      await expect(within(panel).getAllByText(/โดย user01: สมชาย ใจดี/)[0]).toBeVisible();
      await expect(canvas.getByText(formatDate('2026-11-01'), { exact: false })).toBeVisible();
    },
  };

  /** Deletes the first row from its edit dialog (confirmed); answers the DELETE's path. */
  const deleteFirst = async (dialog: HTMLElement) => {
    await userEvent.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ลบ' }));
    await expect(await screen.findByText(MESSAGES.deleted.text)).toBeVisible();
    // The picture does not depend on the snackbar's timing.
    await userEvent.click(screen.getByRole('button', { name: designSystemMessages.snackbarClose }));
    const at = seenRequests.findIndex((request) => request.method === 'DELETE');
    return { at, path: seenRequests[at]?.path ?? '' };
  };
  /** Issue 23: the deleted record and its history are never asked for again (each ask was a 404). */
  const expectNotAskedAgain = async (deleted: { at: number; path: string }) => {
    // The lists are asked again (the row goes) …
    await waitFor(() =>
      expect(seenRequests.slice(deleted.at).some((r) => r.method === 'GET' && r.path === api)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // … the deleted record never is.
    const after = seenRequests.slice(deleted.at + 1).filter((r) => r.path.startsWith(deleted.path));
    await expect(after.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  };

  const Delete: Story = {
    beforeEach: ({ msw }) => mount(msw),
    play: async ({ canvasElement }) => {
      const deleted = await deleteFirst(await openEdit(canvasElement));
      await expect(deleted.path).toBe(requestPath(calls.remove, { id: fixtureId(entity.name, 1) }));
      await expectNotAskedAgain(deleted);
    },
  };

  /** From the record's page with its history open; the page goes back to the list (as the app does). */
  const DeleteFromDetail: Story = {
    beforeEach: ({ msw }) => mount(msw),
    render: () => <DetailThenList entity={entity.name} id={fixtureId(entity.name, 1)} />,
    play: async ({ canvas }) => {
      await userEvent.click(await canvas.findByRole('tab', { name: 'ประวัติการแก้ไข' }));
      await expect(await canvas.findByText('สร้าง')).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'แก้ไข' }));
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
      const deleted = await deleteFirst(dialog);
      await expect((await canvas.findAllByText(firstCellText(entity, 2)))[0]).toBeVisible();
      await expectNotAskedAgain(deleted);
    },
  };

  return {
    entity,
    meta,
    mount,
    openEdit,
    List,
    Empty,
    Loading,
    ServerError,
    Create,
    EditServerErrors,
    EditConflict,
    Show,
    NoPermission,
    PhoneWidth,
    Search,
    Detail,
    Delete,
    DeleteFromDetail,
  };
}

/** A literal for a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The record's page until it is deleted, then (as the app navigates) the list. */
function DetailThenList({ entity, id }: { entity: EntityName; id: string }) {
  const [back, setBack] = useState(false);
  return back ? (
    <EntityListPage entity={entity} />
  ) : (
    <EntityDetailPage entity={entity} id={id} onBack={() => setBack(true)} />
  );
}
