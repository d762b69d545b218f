import { contactTemplateApi, defaultContactTemplates, smsSegments } from '@lms/domain';
import { mock } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ContactTemplatesPage, templateText } from './ContactTemplatesPage.tsx';

const saved: unknown[] = [];
function mockServer(msw: { use: (...handlers: never[]) => void }) {
  saved.length = 0;
  msw.use(
    ...([
      mock(contactTemplateApi.read, () => defaultContactTemplates),
      mock(contactTemplateApi.save, ({ body }) => {
        saved.push(body);
        return body;
      }),
    ] as never[]),
  );
}

const meta = {
  title: 'Pages/Settings/Customer message templates',
  component: ContactTemplatesPage,
} satisfies Meta<typeof ContactTemplatesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Preview: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    const preview = await canvas.findByLabelText(`${templateText.preview} ${templateText.events.confirmed}`);
    await expect(preview).toHaveTextContent('เรียน ร้านวัสดุทองดี นัดส่งสินค้า DO6100001234 วันที่ 25/11/2569');
    const count = smsSegments(preview.textContent ?? '');
    await expect(canvas.getByTestId('count-confirmed')).toHaveTextContent(
      templateText.count(count.characters, count.segments),
    );
  },
};

export const EditAndSave: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    const field = await canvas.findByRole('textbox', { name: templateText.events.canceled });
    await userEvent.clear(field);
    await userEvent.type(field, 'ยกเลิก {{orders}');
    // The preview follows the typing; 70 Thai characters fit one SMS.
    await expect(
      canvas.getByLabelText(`${templateText.preview} ${templateText.events.canceled}`),
    ).toHaveTextContent('ยกเลิก DO6100001234');
    await expect(canvas.getByTestId('count-canceled')).toHaveTextContent('SMS 1 ข้อความ');
    await userEvent.click(canvas.getByRole('button', { name: templateText.save }));
    await expect(await canvas.findByText(templateText.saved)).toBeVisible();
    await waitFor(() => expect(saved).toHaveLength(1));
    await expect(saved[0]).toMatchObject({ canceled: 'ยกเลิก {orders}' });
  },
};

export const UnknownPlaceholder: Story = {
  beforeEach({ msw }) {
    mockServer(msw);
  },
  play: async ({ canvas }) => {
    const field = await canvas.findByRole('textbox', { name: templateText.events.moved });
    await userEvent.type(field, ' {{nope}');
    await expect(await canvas.findByText(templateText.unknown(['nope']))).toBeVisible();
    await expect(canvas.getByRole('button', { name: templateText.save })).toBeDisabled();
  },
};
