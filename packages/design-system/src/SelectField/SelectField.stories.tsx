import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phoneViewport, renderControlled } from '../Field/storyHelpers.tsx';
import { drawsOf, resetDraws } from '../renderCounts.ts';
import { SelectField } from './SelectField.tsx';

const vehicleTypes = [
  { id: 1, label: 'รถกระบะ 4 ล้อ' },
  { id: 2, label: 'รถบรรทุก 6 ล้อ' },
  { id: 3, label: 'รถบรรทุก 10 ล้อ' },
];

const meta = {
  title: 'Design system/Form fields/SelectField',
  component: SelectField,
  tags: ['autodocs'],
  args: { label: 'ประเภทรถ', value: 2, options: vehicleTypes, onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** Docs: pick one option; the value is the option id. */
export const Controlled: Story = {
  args: { isRequired: true },
  render: renderControlled(SelectField, null, String),
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /ประเภทรถ/ });
    await expect(trigger).toHaveTextContent('เลือก...');
    await userEvent.click(trigger);
    await userEvent.click(await screen().findByRole('option', { name: 'รถบรรทุก 10 ล้อ' }));
    await expect(trigger).toHaveTextContent('รถบรรทุก 10 ล้อ');
    await expect(canvas.getByText('3')).toBeInTheDocument();
  },
};

/** Keyboard: Enter opens, arrows move, Enter picks. */
export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /ประเภทรถ/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen().findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'รถบรรทุก 6 ล้อ' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(3);
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /ประเภทรถ/ }));
    const selected = await screen().findByRole('option', { name: 'รถบรรทุก 6 ล้อ' });
    await expect(selected).toHaveAttribute('aria-selected', 'true');
  },
};

const slots = [
  { id: 'mon-am', label: 'กะเช้า 08:00–12:00 · รถ 4 ล้อ', section: 'จ. 13 ม.ค. 2025' },
  { id: 'mon-pm', label: 'กะบ่าย 13:00–17:00 · รถ 4 ล้อ', section: 'จ. 13 ม.ค. 2025' },
  { id: 'tue-am', label: 'กะเช้า 08:00–12:00 · รถ 6 ล้อ', section: 'อ. 14 ม.ค. 2025' },
  { id: 'tue-pm', label: 'กะบ่าย 13:00–17:00 · รถ 6 ล้อ', section: 'อ. 14 ม.ค. 2025' },
];

/** Options under headings (`section`: a day each); the headings are not options and arrows step over them. */
export const Sections: Story = {
  args: { label: 'วัน · กะ · ประเภทรถ', options: slots, value: 'mon-pm' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /วัน · กะ · ประเภทรถ/ }));
    const listbox = await screen().findByRole('listbox');
    const monday = within(listbox).getByRole('group', { name: 'จ. 13 ม.ค. 2025' });
    const tuesday = within(listbox).getByRole('group', { name: 'อ. 14 ม.ค. 2025' });
    await expect(within(monday).getAllByRole('option')).toHaveLength(2);
    const selected = within(monday).getByRole('option', { name: 'กะบ่าย 13:00–17:00 · รถ 4 ล้อ' });
    await waitFor(() => expect(selected).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(tuesday).getByRole('option', { name: 'กะเช้า 08:00–12:00 · รถ 6 ล้อ' })).toHaveFocus();
  },
};

/** A slot's long label wraps inside a phone's screen rather than widen the page (the field padded as on a page). */
export const SectionsPhoneWidth: Story = {
  ...phoneViewport,
  decorators: [(Story) => <div style={{ padding: 16 }}>{Story()}</div>],
  args: {
    label: 'วัน · กะ · ประเภทรถ',
    options: slots.map((slot) => ({ ...slot, label: `${slot.label} · ปกติ 79.0% · เหลือ 1,890.00 กก.` })),
    value: 'mon-am',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /วัน · กะ · ประเภทรถ/ }));
    const listbox = await screen().findByRole('listbox');
    await expect(within(listbox).getAllByRole('group')).toHaveLength(2);
    await expect(listbox.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Empty: Story = {
  args: { options: [], value: null },
  play: async ({ canvas }) => {
    // With nothing to pick the list does not open; the placeholder stays.
    const trigger = canvas.getByRole('button', { name: /ประเภทรถ/ });
    await userEvent.click(trigger);
    await expect(screen().queryByRole('listbox')).not.toBeInTheDocument();
    await expect(trigger).toHaveTextContent('เลือก...');
  },
};

export const WithError: Story = {
  args: { value: null, isRequired: true, error: 'กรุณาระบุ ประเภทรถ' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('กรุณาระบุ ประเภทรถ')).toBeVisible();
    const trigger = canvas.getByRole('button', { name: /ประเภทรถ/ });
    await expect(trigger).toHaveAccessibleDescription(expect.stringContaining('กรุณาระบุ ประเภทรถ'));
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /ประเภทรถ/ })).toBeDisabled();
  },
};

/** Read-only shows the chosen label as text. */
export const ReadOnly: Story = {
  args: { isReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'ประเภทรถ' })).toHaveTextContent('รถบรรทุก 6 ล้อ');
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'เงื่อนไขการจัดส่งสำหรับลูกค้าที่อยู่นอกเขตพื้นที่บริการปกติ',
    options: [{ id: 29, label: '29: จัดส่งนอกเขตพื้นที่บริการโดยใช้เส้นทางพิเศษที่กำหนดตามสาขาต้นทาง' }],
    value: 29,
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /เงื่อนไขการจัดส่ง/ });
    await expect(trigger.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /ประเภทรถ/ }));
    await expect(await screen().findByRole('listbox')).toBeVisible();
  },
};

/** A page that builds its options again on every drawing, as the planning board does for each stop. */
function RebuiltOptions() {
  const [drawn, setDrawn] = useState(0);
  return (
    <>
      <SelectField
        label="ประเภทรถ"
        value={2}
        options={vehicleTypes.map((type) => ({ ...type }))}
        onChange={() => undefined}
      />
      <button type="button" onClick={() => setDrawn((n) => n + 1)}>
        วาดใหม่ {drawn}
      </button>
    </>
  );
}

/**
 * Options equal to the last ones draw no option again, open or closed (issue 41: a closed select
 * still renders its options, and the planning board's every stop drew every truck's on each move).
 * Counted by `@lms/design-system/renderCounts`.
 */
export const EqualOptionsDrawOnce: Story = {
  render: () => <RebuiltOptions />,
  play: async ({ canvas }) => {
    resetDraws();
    await userEvent.click(canvas.getByRole('button', { name: /วาดใหม่/ }));
    await expect(canvas.getByRole('button', { name: 'วาดใหม่ 1' })).toBeVisible();
    await expect(drawsOf('SelectField')).toBe(1);
    await expect(drawsOf('OptionItem')).toBe(0);
    // Still a working select: it opens with the picked one marked and picks another.
    const trigger = canvas.getByRole('button', { name: /ประเภทรถ/ });
    await expect(trigger).toHaveTextContent('รถบรรทุก 6 ล้อ');
    await userEvent.click(trigger);
    await expect(await screen().findByRole('option', { name: 'รถบรรทุก 6 ล้อ' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Escape}');
  },
};

/** A horizon's slots, as the booking wizard's slot picker offers them: 361, under a heading a day. */
const manySlots = Array.from({ length: 361 }, (_, i) => ({
  id: `slot-${i}`,
  label: `กะ ${(i % 3) + 1} · รถบรรทุก 6 ล้อ · เหลือ ${(i * 37) % 5000} กก.`,
  section: `วันที่ ${Math.floor(i / 12) + 1}`,
}));

/** The options its first drawing drew, counted once that drawing is on the page (before any transition). */
function FirstDrawing({ onCounted }: { readonly onCounted: (count: number) => void }) {
  useLayoutEffect(() => onCounted(drawsOf('OptionItem')), [onCounted]);
  return null;
}

function LongListShown() {
  const [shown, setShown] = useState(false);
  const [first, setFirst] = useState<number | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          resetDraws();
          setShown(true);
        }}
      >
        แสดง
      </button>
      {shown && (
        <>
          <SelectField
            label="วัน · กะ · ประเภทรถ"
            value="slot-200"
            options={manySlots}
            onChange={() => undefined}
          />
          <FirstDrawing onCounted={setFirst} />
        </>
      )}
      {first !== null && <output aria-label="ตัวเลือกที่วาดครั้งแรก">{first}</output>}
    </>
  );
}

/**
 * A long list's first drawing holds its picked option only; the others follow in a transition
 * (issue 41: the booking wizard's slot picker, 361 options, drawn inside the step change). The
 * box still says what is picked, and the list opens whole.
 */
export const LongListDrawsItsOptionsLater: Story = {
  render: () => <LongListShown />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'แสดง' }));
    await expect(await canvas.findByRole('status', { name: 'ตัวเลือกที่วาดครั้งแรก' })).toHaveTextContent(
      // The picked option alone (OptionItem, a memo with its own comparison, counts as its two
      // fibers); every option would be 722.
      /^2$/,
    );
    const trigger = canvas.getByRole('button', { name: /วัน · กะ/ });
    await expect(trigger).toHaveTextContent(manySlots[200]?.label ?? '');
    await userEvent.click(trigger);
    const list = await screen().findByRole('listbox');
    await expect(within(list).getByRole('option', { name: manySlots[200]?.label })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Keyboard still walks the whole list: the next option down is the next slot.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(list).not.toBeInTheDocument());
  },
};
