import { type CompanySettings, companySettingsApi, companySettingsMessages, ROLE_ADMIN } from '@lms/domain';
import { mock, neverAnswered, refusal } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { CompanySettingsPage, companySettingsText as text } from './CompanySettingsPage.tsx';

interface MockOptions {
  readonly settings?: CompanySettings | 'loading' | 'error';
  readonly saveRefused?: boolean;
}
const saved: CompanySettings[] = [];

function mocked({
  settings = { buddhistEra: true },
  saveRefused = false,
}: MockOptions = {}): Story['beforeEach'] {
  return ({ msw }) => {
    saved.length = 0;
    let current = typeof settings === 'object' ? settings : { buddhistEra: true };
    let failures = settings === 'error' ? 1 : 0;
    msw.use(
      mock(companySettingsApi.read, () => {
        if (settings === 'loading') return neverAnswered();
        if (failures > 0) {
          failures -= 1;
          return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่');
        }
        return current;
      }),
      mock(companySettingsApi.save, ({ body }) => {
        if (saveRefused) return refusal(403, companySettingsMessages.adminOnly);
        saved.push(body);
        current = body;
        return body;
      }),
    );
  };
}

function Harness({ width }: { readonly width?: number }) {
  return (
    <PageHarness roles={[ROLE_ADMIN]} {...(width ? { width } : {})}>
      <CompanySettingsPage />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Admin/Company settings',
  component: Harness,
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** พ.ศ. by default; switching shows the example in ค.ศ. and saves it. */
export const SwitchToCommonEra: Story = {
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const era = await canvas.findByRole('switch', { name: new RegExp(text.era.slice(0, 12)) });
    await expect(era).toBeChecked();
    await expect(canvas.getByTestId('era-example')).toHaveTextContent('25/11/2569');
    await expect(canvas.getByRole('button', { name: text.save })).toBeDisabled();
    await userEvent.click(era);
    await expect(canvas.getByTestId('era-example')).toHaveTextContent('25/11/2026');
    await userEvent.click(canvas.getByRole('button', { name: text.save }));
    await expect(await canvas.findByText(text.saved)).toBeVisible();
    await waitFor(() => expect(saved).toEqual([{ buddhistEra: false }]));
    await expect(canvas.getByRole('button', { name: text.save })).toBeDisabled();
  },
};

/** By keyboard: Space flips the switch, Enter on the button saves. */
export const Keyboard: Story = {
  beforeEach: mocked({ settings: { buddhistEra: false } }),
  play: async ({ canvas }) => {
    const era = await canvas.findByRole('switch', { name: new RegExp(text.era.slice(0, 12)) });
    await expect(era).not.toBeChecked();
    era.focus();
    await userEvent.keyboard(' ');
    await expect(era).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: text.save })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual([{ buddhistEra: true }]));
  },
};

export const Loading: Story = {
  beforeEach: mocked({ settings: 'loading' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(text.loading);
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** The read fails once: the page says so and its retry brings the setting. */
export const LoadErrorThenRetry: Story = {
  beforeEach: mocked({ settings: 'error' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/ระบบขัดข้อง กรุณาลองใหม่/, {}, { timeout: 5000 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text.retry }));
    await expect(await canvas.findByRole('switch')).toBeChecked();
  },
};

/** A refused save keeps the choice on screen with the server's Thai reason. */
export const SaveRefused: Story = {
  beforeEach: mocked({ saveRefused: true }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('switch'));
    await userEvent.click(canvas.getByRole('button', { name: text.save }));
    await expect(await canvas.findByText(companySettingsMessages.adminOnly)).toBeVisible();
    await expect(canvas.getByRole('switch')).not.toBeChecked();
    await expect(saved).toEqual([]);
  },
};

export const PhoneWidth: Story = {
  args: { width: 390 },
  beforeEach: mocked(),
  play: async ({ canvas }) => {
    const era = await canvas.findByRole('switch');
    await expect(era).toBeVisible();
    const page = canvas.getByRole('heading', { name: text.title }).parentElement as HTMLElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};
