import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { FieldProps } from '../Field/Field.tsx';
import {
  expectFieldError,
  expectNoSideScroll,
  phoneViewport,
  renderControlled,
} from '../Field/storyHelpers.tsx';
import type { CalendarOptions } from './PickerField.tsx';

export const screen = () => within(document.body);
export const segments = (canvas: HTMLElement) => within(canvas).getAllByRole('spinbutton');

/** Opens the calendar of a DateField or DateTimeField by its Thai-labelled button. */
export async function openCalendar(canvas: ReturnType<typeof within>) {
  await userEvent.click(canvas.getByRole('button', { name: /เปิดปฏิทิน/ }));
  return screen().findByRole('dialog', { name: 'ปฏิทิน' });
}

/** TimeField takes these too, but for the calendar options. */
type SegmentedFieldProps = FieldProps<string | null> & CalendarOptions;

export interface SegmentedStoriesOf {
  readonly Field: ComponentType<SegmentedFieldProps>;
  readonly label: string;
  /** The value every story starts from (and what fixes the month shown: no story reads the clock). */
  readonly args: Pick<SegmentedFieldProps, 'value' | 'placeholderValue'>;
  /** What that value shows as, typed segments joined. */
  readonly shown: string | RegExp;
  /** Digits typed into the empty field from its first segment, and the value they make. */
  readonly typed: { readonly keys: string; readonly value: string };
  /** What the read-only field shows as text, with the args that change it. */
  readonly readOnly: {
    readonly args?: Partial<Pick<SegmentedFieldProps, 'value' | 'buddhistEra'>>;
    readonly shown: string;
  };
  readonly longText: { readonly label: string; readonly description: string };
  /** DateField and DateTimeField open a calendar; TimeField has none. */
  readonly hasCalendar: boolean;
}

/**
 * The stories that DateField, DateTimeField and TimeField share, one per state: all three are
 * typed segments in a 44 px box and differ in the value, its text and the calendar.
 */
export function segmentedFieldStories(of: SegmentedStoriesOf) {
  const { Field, label, hasCalendar } = of;
  const meta = {
    component: Field,
    args: { ...of.args, label, onChange: fn() },
    decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  } satisfies Meta<typeof Field>;
  type Story = StoryObj<typeof meta>;
  const group = (canvasElement: HTMLElement) =>
    within(canvasElement).getByRole('group', { name: new RegExp(label) });

  const Controlled: Story = {
    args: { isRequired: true },
    render: renderControlled(Field, null, JSON.stringify),
    play: async ({ canvas, canvasElement }) => {
      await userEvent.click(segments(canvasElement)[0] as HTMLElement);
      await userEvent.keyboard(of.typed.keys);
      await expect(canvas.getByText(JSON.stringify(of.typed.value))).toBeInTheDocument();
    },
  };

  const Default: Story = {
    play: async ({ canvasElement }) => {
      await expect(group(canvasElement)).toHaveTextContent(of.shown);
      await expect(group(canvasElement).getBoundingClientRect().height).toBe(44);
    },
  };

  const Empty: Story = {
    args: { value: null },
    play: async ({ canvasElement }) => {
      for (const segment of segments(canvasElement)) {
        await expect(segment).toHaveAttribute('aria-valuetext', 'Empty');
      }
    },
  };

  const WithError: Story = {
    args: { value: null, isRequired: true, error: `กรุณาระบุ ${label}` },
    play: async ({ canvasElement }) => {
      await expectFieldError(segments(canvasElement)[0] as HTMLElement, `กรุณาระบุ ${label}`);
    },
  };

  const Disabled: Story = {
    args: { isDisabled: true },
    play: async ({ canvas, canvasElement }) => {
      await expect(segments(canvasElement)[0]).toHaveAttribute('aria-disabled', 'true');
      if (hasCalendar) await expect(canvas.getByRole('button', { name: /เปิดปฏิทิน/ })).toBeDisabled();
    },
  };

  const ReadOnly: Story = {
    args: { isReadOnly: true, ...of.readOnly.args },
    play: async ({ canvas }) => {
      await expect(canvas.getByRole('group', { name: label })).toHaveTextContent(of.readOnly.shown);
    },
  };

  const LongThaiText: Story = { args: of.longText, play: expectNoSideScroll };

  const PhoneWidth: Story = {
    ...phoneViewport,
    play: async ({ canvas, canvasElement }) => {
      if (hasCalendar) {
        const dialog = await openCalendar(canvas);
        await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(360);
      } else {
        await expect(group(canvasElement).getBoundingClientRect().width).toBeLessThanOrEqual(360);
      }
    },
  };

  // Title, component and tags stay in each stories file: Storybook's indexer reads them unrun.
  return {
    meta: { args: meta.args, decorators: meta.decorators },
    Controlled,
    Default,
    Empty,
    WithError,
    Disabled,
    ReadOnly,
    LongThaiText,
    PhoneWidth,
  };
}
