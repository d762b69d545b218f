import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FieldOption } from '../Field/Field.tsx';
import { phoneViewport, useControlled } from '../Field/storyHelpers.tsx';
import type { OptionId } from '../SelectField/SelectField.tsx';
import { ReferenceField, type SingleReferenceFieldProps } from './ReferenceField.tsx';

const branches: readonly FieldOption[] = [
  { id: 'CM01', label: 'CM01: เชียงใหม่' },
  { id: 'CR01', label: 'CR01: เชียงราย' },
  { id: 'LP01', label: 'LP01: ลำปาง' },
  { id: 'BK01', label: 'BK01: กรุงเทพมหานคร' },
];

/** A stand-in for the server: filters by label and answers after 20 ms. */
const searchBranches = (term: string) =>
  new Promise<readonly FieldOption[]>((resolve) =>
    setTimeout(() => resolve(branches.filter((branch) => branch.label.includes(term))), 20),
  );
const labelsOf = (ids: readonly OptionId[]) =>
  Promise.resolve(branches.filter((branch) => ids.includes(branch.id)));

const meta = {
  title: 'Design system/Form fields/ReferenceField',
  component: ReferenceField,
  tags: ['autodocs'],
  args: {
    label: 'สาขา',
    value: null,
    onChange: fn(),
    loadOptions: fn(searchBranches),
    loadLabels: fn(labelsOf),
    debounceMs: 300,
  },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 320 }}>{Story()}</div>],
} satisfies Meta<SingleReferenceFieldProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** Docs: type to search the server; the value is the chosen id. */
export const Controlled: Story = {
  render: function Render(args) {
    const field = useControlled<OptionId | null>(null);
    return (
      <>
        <ReferenceField {...args} selectionMode="single" {...field} />
        <output>{String(field.value)}</output>
      </>
    );
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'สาขา' });
    await userEvent.type(input, 'เชียง');
    const option = await screen().findByRole('option', { name: 'CR01: เชียงราย' }, { timeout: 2000 });
    await userEvent.click(option);
    await expect(canvas.getByText('CR01')).toBeInTheDocument();
    await expect(input).toHaveValue('CR01: เชียงราย');
  },
};

/** Searching waits for a 300 ms pause in typing: one request for a whole word. */
export const Debounced: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'ลำปาง');
    await screen().findByRole('option', { name: 'LP01: ลำปาง' }, { timeout: 2000 });
    await expect(args.loadOptions).toHaveBeenCalledTimes(1);
    await expect(args.loadOptions).toHaveBeenCalledWith('ลำปาง');
  },
};

/** A stored id shows its label, fetched once through loadLabels. */
export const ShowsLabelOfValue: Story = {
  args: { value: 'CM01' },
  play: async ({ args, canvas }) => {
    await waitFor(() => expect(canvas.getByRole('combobox')).toHaveValue('CM01: เชียงใหม่'));
    await expect(args.loadLabels).toHaveBeenCalledTimes(1);
    await expect(args.loadLabels).toHaveBeenCalledWith(['CM01']);
  },
};

export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('combobox')).toHaveFocus();
    await userEvent.keyboard('กรุง');
    await screen().findByRole('option', { name: 'BK01: กรุงเทพมหานคร' }, { timeout: 2000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('BK01');
    // Choosing reloads the options; the screenshot waits until that has settled.
    await waitFor(() => expect(screen().queryByRole('progressbar')).toBeNull());
    await waitFor(() => expect(screen().getAllByRole('option')).toHaveLength(4));
  },
};

/** Multiple: chosen records are chips with a Thai remove button; the input adds more. */
export const Multiple: Story = {
  args: { label: 'สาขาที่เข้าถึงได้' },
  render: function Render(args) {
    const field = useControlled<readonly OptionId[]>(['CM01', 'LP01']);
    return (
      <>
        <ReferenceField {...args} selectionMode="multiple" {...field} />
        <output>{field.value.join(',')}</output>
      </>
    );
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('row', { name: 'CM01: เชียงใหม่' });
    await userEvent.click(canvas.getByRole('button', { name: 'นำออก LP01: ลำปาง' }));
    await expect(canvas.getByText('CM01')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('combobox'), 'กรุง');
    await userEvent.click(
      await screen().findByRole('option', { name: 'BK01: กรุงเทพมหานคร' }, { timeout: 2000 }),
    );
    await expect(canvas.getByText('CM01,BK01')).toBeInTheDocument();
    await expect(canvas.getByRole('combobox')).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const NoResults: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'ภูเก็ต');
    await expect(await screen().findByText('ไม่พบข้อมูลที่ค้นหา', {}, { timeout: 2000 })).toBeVisible();
  },
};

/** While the server answers, a spinner shows in the field. */
export const Loading: Story = {
  args: {
    loadOptions: fn((_term: string) => new Promise<readonly FieldOption[]>(() => undefined)),
    debounceMs: 0,
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'เชียง');
    // The open list says so too, as the page behind is hidden from screen readers meanwhile.
    await expect(await screen().findByRole('listbox')).toHaveTextContent('กำลังโหลด...');
    await expect(canvasElement.querySelector('[role="progressbar"]')).toHaveAttribute(
      'aria-label',
      'กำลังโหลด...',
    );
  },
};

export const WithError: Story = {
  args: { isRequired: true, error: 'กรุณาระบุ สาขา' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'สาขา (จำเป็น)' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('กรุณาระบุ สาขา');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: 'CM01' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { isReadOnly: true, value: 'CM01' },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: 'สาขา' })).toHaveTextContent('CM01: เชียงใหม่'),
    );
  },
};

export const LongThaiText: Story = {
  render: (args) => (
    <ReferenceField
      {...args}
      label="ผู้รับเหมาขนส่งที่รับผิดชอบเส้นทางภาคเหนือตอนบน"
      selectionMode="multiple"
      value={['CM01', 'CR01', 'LP01', 'BK01']}
      onChange={fn()}
    />
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('row', { name: 'BK01: กรุงเทพมหานคร' });
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  args: { value: 'BK01' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('combobox')).toHaveValue('BK01: กรุงเทพมหานคร'));
  },
};
