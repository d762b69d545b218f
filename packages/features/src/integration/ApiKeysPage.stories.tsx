import {
  type ApiKey,
  apiKeyApi,
  type EntityName,
  entityByName,
  type NewApiKeyBody,
  ROLE_ADMIN,
  recordLabel,
} from '@lms/domain';
import { entityHandlers, fixtureRecord, mock, neverAnswered, refusal } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ApiKeysPage } from './ApiKeysPage.tsx';
import { apiKeyText as text } from './apiKeyText.ts';

const screen = () => within(document.body);

/** The label the mocked options answer for an entity's first fixture. */
const labelOf = (name: EntityName) =>
  recordLabel(entityByName(name), fixtureRecord(entityByName(name), 1, 0));

/** Types the option's label into a picker and chooses it once the search has answered. */
async function pick(combobox: HTMLElement, label: string) {
  await userEvent.type(combobox, label.slice(0, 4));
  await userEvent.click(await screen().findByRole('option', { name: label }, { timeout: 3000 }));
}

const erp: ApiKey = {
  id: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d01',
  name: 'SAP สำนักงานใหญ่',
  prefix: 'lms_Xk3v',
  roleGroupId: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d02',
  roleGroupLabel: 'ผู้ดูแลระบบ',
  branchIds: ['0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d03'],
  branchLabels: ['BKK: สาขากรุงเทพ'],
  createdAt: '2026-11-20T02:15:00.000Z',
  createdByLabel: 'admin',
  lastUsedAt: '2026-11-24T09:30:00.000Z',
  revokedAt: null,
};
const old: ApiKey = {
  ...erp,
  id: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d04',
  name: 'ระบบเก่า',
  prefix: 'lms_Qa91',
  lastUsedAt: null,
  revokedAt: '2026-11-22T04:00:00.000Z',
};
const longNamed: ApiKey = {
  ...erp,
  id: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d05',
  name: 'ระบบเชื่อมต่อคำสั่งซื้อจากศูนย์กระจายสินค้าภาคตะวันออกเฉียงเหนือ จังหวัดนครราชสีมา (ทดสอบ)',
  branchLabels: ['BKK: สาขากรุงเทพ', 'KKN: สาขาขอนแก่น', 'NMA: สาขานครราชสีมา', 'CNX: สาขาเชียงใหม่'],
};

interface MockOptions {
  readonly keys?: readonly ApiKey[] | 'loading' | 'error';
}
const created: NewApiKeyBody[] = [];
const revoked: string[] = [];

function mocked({ keys = [erp, old] }: MockOptions = {}): Story['beforeEach'] {
  return ({ msw }) => {
    created.length = 0;
    revoked.length = 0;
    let rows = Array.isArray(keys) ? [...keys] : [];
    msw.use(
      mock(apiKeyApi.list, () => {
        if (keys === 'loading') return neverAnswered();
        if (keys === 'error') return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่');
        return rows;
      }),
      mock(apiKeyApi.create, ({ body }) => {
        created.push(body);
        if (body.name === 'ซ้ำ') return refusal(409, 'มีคีย์ชื่อนี้แล้ว');
        const key = { ...erp, id: '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d09', name: body.name, lastUsedAt: null };
        rows = [key, ...rows];
        return { ...key, secret: 'lms_Xk3vTESTSECRETnotreal0123456789' };
      }),
      mock(apiKeyApi.revoke, ({ params }) => {
        revoked.push(params.id);
        rows = rows.map((row) =>
          row.id === params.id ? { ...row, revokedAt: '2026-11-25T03:00:00.000Z' } : row,
        );
        return null;
      }),
      ...entityHandlers('appRoleGroup'),
      ...entityHandlers('branch'),
    );
  };
}

function Harness({ width }: { readonly width?: number }) {
  return (
    <PageHarness roles={[ROLE_ADMIN]} {...(width ? { width } : {})}>
      <ApiKeysPage />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Admin/API keys',
  component: Harness,
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Keys: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const row = (await canvas.findByText('SAP สำนักงานใหญ่')).closest('[role="row"]') as HTMLElement;
    await expect(within(row).getByText('lms_Xk3v…')).toBeVisible();
    await expect(within(row).getByText(text.active)).toBeVisible();
    // A revoked key says when, and offers nothing more; a key never used says so.
    const revokedRow = canvas.getByText('ระบบเก่า').closest('[role="row"]') as HTMLElement;
    await expect(within(revokedRow).getByText(/^ยกเลิกแล้ว/)).toBeVisible();
    await expect(within(revokedRow).getByText(text.neverUsed)).toBeVisible();
    await expect(within(revokedRow).queryByRole('button', { name: text.revokeOf('ระบบเก่า') })).toBeNull();
  },
};

export const CreateShowsTheSecretOnce: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: text.create }));
    const dialog = within(await screen().findByRole('dialog'));
    // Nothing chosen: three Thai problems, nothing sent.
    await userEvent.click(dialog.getByRole('button', { name: text.createSave }));
    await expect(await dialog.findByText(text.required(text.name))).toBeVisible();
    await expect(dialog.getByText(text.required(text.branches))).toBeVisible();
    await expect(created).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: new RegExp(`^${text.name}`) }), 'ERP ใหม่');
    await pick(
      dialog.getByRole('combobox', { name: new RegExp(`^${text.roleGroup}`) }),
      labelOf('appRoleGroup'),
    );
    // The branches' picker is the second combobox (its name also holds the chosen branches).
    await pick(dialog.getAllByRole('combobox')[1] as HTMLElement, labelOf('branch'));
    await userEvent.keyboard('{Escape}');
    await expect(screen().getByRole('dialog')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: text.createSave }));
    await expect(dialog.queryByText(text.required(text.name))).toBeNull();
    await expect(dialog.queryByText(text.required(text.roleGroup))).toBeNull();
    await expect(dialog.queryByText(text.required(text.branches))).toBeNull();

    await waitFor(() => expect(created).toHaveLength(1));
    await expect(created[0]).toMatchObject({ name: 'ERP ใหม่', branchIds: [expect.any(String)] });
    const secret = await screen().findByRole('status', { name: text.secret });
    await expect(secret).toHaveTextContent('lms_Xk3vTESTSECRETnotreal0123456789');
    await expect(screen().getByText(text.showOnce)).toBeVisible();
    await userEvent.click(screen().getByRole('button', { name: 'ปิด' }));
    await expect(await canvas.findByText('ERP ใหม่')).toBeVisible();
    await expect(screen().queryByText('lms_Xk3vTESTSECRETnotreal0123456789')).toBeNull();
  },
};

export const RevokeAsks: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: text.revokeOf('SAP สำนักงานใหญ่') }));
    const dialog = within(await screen().findByRole('alertdialog'));
    await expect(dialog.getByText(text.revokeMessage('SAP สำนักงานใหญ่'))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: text.revoke }));
    await waitFor(() => expect(revoked).toEqual([erp.id]));
    await expect(await screen().findByText(text.revoked('SAP สำนักงานใหญ่'))).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: text.revokeOf('SAP สำนักงานใหญ่') })).toBeNull(),
    );
  },
};

export const Empty: Story = {
  beforeEach: mocked({ keys: [] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: mocked({ keys: 'loading' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: text.create })).toBeVisible();
    await expect(canvas.queryByText('SAP สำนักงานใหญ่')).toBeNull();
  },
};

export const LoadError: Story = {
  beforeEach: mocked({ keys: 'error' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/ระบบขัดข้อง กรุณาลองใหม่/)).toBeVisible();
  },
};

export const LongThaiText: Story = {
  beforeEach: mocked({ keys: [longNamed, erp] }),
  play: async ({ canvas }) => {
    const name = await canvas.findByText(longNamed.name);
    const grid = canvas.getByRole('grid');
    await expect(name).toBeVisible();
    // The actions column stays reachable however long the name.
    const action = canvas.getByRole('button', { name: text.revokeOf(longNamed.name) });
    await expect(action.getBoundingClientRect().right).toBeLessThanOrEqual(
      grid.getBoundingClientRect().right + 1,
    );
  },
};

export const Phone: Story = {
  args: { width: 375 },
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const create = await canvas.findByRole('button', { name: text.create });
    await expect(create.getBoundingClientRect().right).toBeLessThanOrEqual(375);
    await expect(await canvas.findByText('SAP สำนักงานใหญ่')).toBeVisible();
  },
};
