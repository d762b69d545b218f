import { useState } from 'react';
import { expect } from 'storybook/test';

/** Stories keep a field controlled the way a form would: value in state, touched on blur. */
export function useControlled<T>(initial: T) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  return { value, onChange: setValue, touched, onBlur: () => setTouched(true) };
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

export const phoneViewport = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
};
