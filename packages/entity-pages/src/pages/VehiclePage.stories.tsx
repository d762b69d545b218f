import { fixtureId } from '@lms/testing';
import { entityStories, seenRequests } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { EntityListPage } from './EntityListPage.tsx';

const s = entityStories('vehicle');

const meta = {
  title: 'Pages/Vehicle',
  ...s.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  ...s.List,
  play: async (context) => {
    await s.List.play?.(context);
    // Branch-owned: every call carries the acting branch; references arrive with their labels.
    await expect(
      seenRequests.every((request) => request.params.get('branchId') === fixtureId('branch', 1)),
    ).toBe(true);
    await expect(context.canvas.getAllByText(/ประเภทรถ กรุงเทพมหานคร/).length).toBeGreaterThan(0);
  },
};
export const Empty: Story = s.Empty;
export const Loading: Story = s.Loading;
export const ServerError: Story = s.ServerError;
export const Search: Story = s.Search;
export const CreateRequiredMessages: Story = s.Create;
export const EditServerErrors: Story = s.EditServerErrors;
export const EditConflict: Story = s.EditConflict;
export const Show: Story = s.Show;
export const NoPermission: Story = s.NoPermission;
export const PhoneWidth: Story = s.PhoneWidth;
export const Detail: Story = s.Detail;
export const Delete: Story = s.Delete;
export const DeleteFromDetail: Story = s.DeleteFromDetail;

/** A filter on a reference (vehicle type) from a link: sent as `vehicleTypeIds`, rows narrowed. */
export const FilterByReference: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: { harness: { search: `vehicleTypeIds=${fixtureId('vehicleType', 2)}` } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('VEH002')).toBeVisible();
    await expect(canvas.queryByText('VEH001')).toBeNull();
    // A view opened from a link with filters shows its filter panel.
    await expect(canvas.getByRole('button', { name: 'ตัวกรอง (1)' })).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByRole('region', { name: 'ตัวกรองยานพาหนะ' })).toBeVisible();
  },
};

/**
 * A sort asked while a page is shown: that page stays, dimmed and out of reach, the grid busy,
 * until the sorted page comes; no skeleton in its place (the tap that asked draws next to nothing).
 */
export const SortKeepsThePage: Story = {
  beforeEach: ({ msw }) => {
    s.mount(msw);
    // Every list request after the first waits; answering nothing, it hands over to the list's own.
    let asked = 0;
    msw.use(
      http.get(/\/api\/vehicle$/, async () => {
        asked += 1;
        if (asked > 1) await delay(1500);
      }),
    );
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('VEH001')).toBeVisible();
    const grid = canvas.getByRole('grid');
    await userEvent.click(within(grid).getAllByRole('columnheader')[1]!);
    await waitFor(() => expect(grid).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByText('VEH001')).toBeInTheDocument();
    await expect(grid.querySelector('[role="rowgroup"][inert]')).not.toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด...');
    await waitFor(() => expect(grid).not.toHaveAttribute('aria-busy'), { timeout: 5000 });
    await expect(grid.querySelector('[inert]')).toBeNull();
  },
};

/** Deleting a vehicle that is still referenced: the server's Thai 409 message, the row stays. */
export const DeleteReferenced: Story = {
  beforeEach: ({ msw }) => s.mount(msw, { referencedIds: [fixtureId('vehicle', 1)] }),
  play: async ({ canvasElement, canvas }) => {
    const dialog = await s.openEdit(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'ลบ' }));
    await expect(await screen.findByText(/ลบไม่ได้ เพราะยังมีข้อมูลอื่นอ้างถึงรายการนี้/)).toBeVisible();
    await waitFor(() => expect(canvas.getByText('VEH001')).toBeVisible());
  },
};
