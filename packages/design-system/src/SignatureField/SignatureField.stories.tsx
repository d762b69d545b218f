import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { SignatureField } from './SignatureField.tsx';

const meta = {
  title: 'Design system/Form fields/SignatureField',
  component: SignatureField,
  args: { label: 'ลายเซ็นผู้รับ', onChange: fn(), isRequired: true },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof SignatureField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The width of the phone the field's stories take (as the field's other phone stories). */
const PHONE_WIDTH = 360;

/** A finger's stroke across the pad: pointer down, moves, up (what `signature_pad` listens to). */
async function drawSignature(pad: HTMLElement, strokes = 1) {
  const box = pad.getBoundingClientRect();
  for (let s = 1; s <= strokes; s++) {
    const at = (fx: number) => ({
      clientX: box.left + box.width * fx,
      clientY: box.top + box.height * (s / (strokes + 1) + 0.1 * Math.sin(fx * 12)),
    });
    const path = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((fx) => ({ target: pad, coords: at(fx) }));
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: pad, coords: at(0.1) },
      ...path,
      { keys: '[/MouseLeft]', target: pad, coords: at(0.9) },
    ]);
  }
}

/** What the field last reported, printed under it. */
function Reported(args: Parameters<typeof SignatureField>[0]) {
  const [reported, setReported] = useState<string>('ยังไม่มี');
  return (
    <>
      <SignatureField
        {...args}
        onChange={(blob) => {
          args.onChange(blob);
          setReported(blob ? `${blob.type} ${blob.size > 0 ? 'มีข้อมูล' : 'ว่าง'}` : 'ล้างแล้ว');
        }}
      />
      <output>{reported}</output>
    </>
  );
}

/** Empty: the clear button waits for a stroke. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'ลายเซ็นผู้รับ: ยังไม่ได้เซ็น' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'ล้างลายเซ็น' })).toBeDisabled();
  },
};

/** A finger's stroke reports a PNG; clearing reports null. */
export const DrawAndClear: Story = {
  render: Reported,
  play: async ({ canvas, args }) => {
    await drawSignature(canvas.getByRole('img'), 2);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('image/png มีข้อมูล'));
    await expect(canvas.getByRole('img', { name: 'ลายเซ็นผู้รับ: เซ็นแล้ว' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ล้างลายเซ็น' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('ล้างแล้ว');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
  },
};

export const WithError: Story = {
  args: { error: 'จุดส่งนี้ต้องมีลายเซ็นผู้รับ' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'ลายเซ็นผู้รับ' })).toHaveAccessibleDescription(
      'จุดส่งนี้ต้องมีลายเซ็นผู้รับ',
    );
  },
};

/** Disabled: a stroke draws nothing. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    await drawSignature(canvas.getByRole('img'));
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'ลายเซ็นผู้รับสินค้าหรือผู้ที่ได้รับมอบหมายจากลูกค้าให้รับสินค้าแทน ณ จุดส่งสินค้า',
    description: 'ให้ผู้รับเซ็นในกรอบด้วยนิ้วหรือปากกา หากผู้รับไม่ยอมเซ็นให้ถ่ายรูปสินค้าที่ส่งแทนและระบุในหมายเหตุ',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** On a phone the pad takes the width: one thumb signs. */
export const PhoneWidth: Story = {
  // A phone's width by a frame of its own: the viewport global drew the story a second time
  // mid-play, and a stroke on the first drawing's pad failed about one full run in three.
  decorators: [(Story) => <div style={{ width: PHONE_WIDTH }}>{Story()}</div>],
  render: Reported,
  play: async ({ canvas }) => {
    const pad = canvas.getByRole('img');
    await expect(pad.getBoundingClientRect().width).toBeLessThanOrEqual(PHONE_WIDTH);
    await expect(pad.getBoundingClientRect().width).toBeGreaterThan(300);
    // The pad's backing store fitted to its width (a ResizeObserver's turn) before the stroke.
    await waitFor(() => expect((pad as HTMLCanvasElement).width).toBe(PHONE_WIDTH * window.devicePixelRatio));
    await drawSignature(pad);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('image/png'));
    // Cleared for the screenshot: a stroke's width follows the pointer's speed, never the same twice.
    await userEvent.click(canvas.getByRole('button', { name: 'ล้างลายเซ็น' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('ล้างแล้ว');
  },
};
