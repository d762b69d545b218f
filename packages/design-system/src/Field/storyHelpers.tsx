import { type ComponentType, useState } from 'react';
import { expect, type within } from 'storybook/test';
import type { FieldProps } from './Field.tsx';

type Canvas = ReturnType<typeof within>;

/** Stories keep a field controlled the way a form would: value in state, touched on blur. */
export function useControlled<T>(initial: T) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  return { value, onChange: setValue, touched, onBlur: () => setTouched(true) };
}

/**
 * A story's render that keeps the field controlled (above); `printed` writes the value under the
 * field, where the play function reads what the field reported.
 */
export function renderControlled<P extends Pick<FieldProps<unknown>, 'value'>>(
  Field: ComponentType<P>,
  initial: P['value'],
  printed?: (value: P['value']) => string,
) {
  return function Render(args: P) {
    const field = useControlled(initial);
    return (
      <>
        <Field {...args} {...field} />
        {printed && <output>{printed(field.value)}</output>}
      </>
    );
  };
}

/** The shared guarantees of a field with an error: aria-invalid and the error text as its description. */
export async function expectFieldError(control: HTMLElement, errorText: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(expect.stringContaining(errorText));
}

/** Long Thai text wraps within the story: nothing makes the page scroll sideways. */
export async function expectNoSideScroll({ canvasElement }: { canvasElement: HTMLElement }) {
  await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
}

/** Plays of the fields whose control is one textbox (TextField, TextArea, NumberField). */
export const textbox = {
  showsError:
    (errorText: string) =>
    async ({ canvas }: { canvas: Canvas }) =>
      expectFieldError(canvas.getByRole('textbox'), errorText),
  isDisabled: async ({ canvas }: { canvas: Canvas }) => expect(canvas.getByRole('textbox')).toBeDisabled(),
  fitsPhone: async ({ canvas }: { canvas: Canvas }) =>
    expect(canvas.getByRole('textbox').getBoundingClientRect().width).toBeLessThanOrEqual(360),
};

export const phoneViewport = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
};
