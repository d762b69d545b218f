import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import type { FieldProps } from './Field.tsx';
import { expectNoSideScroll, phoneViewport, renderControlled } from './storyHelpers.tsx';

export interface ToggleStoriesOf {
  readonly Field: ComponentType<FieldProps<boolean>>;
  /** The ARIA role the control exposes. */
  readonly role: 'checkbox' | 'switch';
  readonly label: string;
  /** The Thai error the required field shows in its WithError story. */
  readonly requiredError: string;
}

/**
 * The stories every boolean field has, one per state: CheckboxField and SwitchField behave alike
 * and differ only in the role they expose and their Thai texts.
 */
export function toggleStories({ Field, role, label, requiredError }: ToggleStoriesOf) {
  const meta = {
    component: Field,
    args: { label, value: false, onChange: fn() },
  } satisfies Meta<typeof Field>;
  type ToggleStory = StoryObj<typeof meta>;

  const Controlled: ToggleStory = {
    render: renderControlled(Field, false),
    play: async ({ canvas }) => {
      const control = canvas.getByRole(role, { name: label });
      await userEvent.click(canvas.getByText(label));
      await expect(control).toBeChecked();
    },
  };

  const Keyboard: ToggleStory = {
    play: async ({ args, canvas }) => {
      await userEvent.tab();
      await expect(canvas.getByRole(role)).toHaveFocus();
      await userEvent.keyboard(' ');
      await expect(args.onChange).toHaveBeenCalledWith(true);
    },
  };

  const Checked: ToggleStory = {
    args: { value: true, description: 'ใช้กับทุกสาขา' },
    play: async ({ canvas }) => {
      const control = canvas.getByRole(role);
      await expect(control).toBeChecked();
      await expect(control).toHaveAccessibleDescription('ใช้กับทุกสาขา');
    },
  };

  const WithError: ToggleStory = {
    args: { isRequired: true, error: requiredError },
    play: async ({ canvas }) => {
      const control = canvas.getByRole(role, { name: `${label} (จำเป็น)` });
      await expect(control).toHaveAccessibleDescription(requiredError);
    },
  };

  const Disabled: ToggleStory = {
    args: { isDisabled: true, value: true },
    play: async ({ args, canvas }) => {
      await expect(canvas.getByRole(role)).toBeDisabled();
      await userEvent.click(canvas.getByText(label), { pointerEventsCheck: 0 });
      await expect(args.onChange).not.toHaveBeenCalled();
    },
  };

  const LongThaiText: ToggleStory = {
    args: {
      label: 'อนุญาตให้จองรถเกินจำนวนที่กำหนดในช่วงเทศกาลและวันหยุดยาวต่อเนื่องโดยไม่ต้องขออนุมัติจากผู้จัดการสาขา',
      value: true,
    },
    render: (args) => (
      <div style={{ maxWidth: 300 }}>
        <Field {...args} />
      </div>
    ),
    play: expectNoSideScroll,
  };

  const PhoneWidth: ToggleStory = {
    ...phoneViewport,
    play: async ({ canvas }) => {
      await expect(canvas.getByRole(role)).not.toBeChecked();
    },
  };

  // Title, component and tags stay in each stories file: Storybook's indexer reads them unrun.
  return {
    meta: { args: meta.args },
    Controlled,
    Keyboard,
    Checked,
    WithError,
    Disabled,
    LongThaiText,
    PhoneWidth,
  };
}
