import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Icon } from './Icon.tsx';
import { iconNames } from './paths.ts';

const meta = {
  title: 'Design system/Icon',
  component: Icon,
  tags: ['autodocs'],
  args: { name: 'truck' },
  argTypes: { name: { control: 'select', options: iconNames } },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: every icon with its name; icons take the text colour and are 24 px by default. */
export const Gallery: Story = {
  render: () => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
        gap: 8,
        listStyle: 'none',
        padding: 0,
        margin: 0,
      }}
    >
      {iconNames.map((name) => (
        <li key={name} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          <Icon name={name} />
          <code style={{ fontSize: 12 }}>{name}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll('svg[data-icon]');
    await expect(icons).toHaveLength(iconNames.length);
    // Every icon draws something inside its 24×24 box.
    for (const svg of icons) {
      await expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
    }
  },
};

/** Docs: an icon next to text is decoration: hidden from screen readers. */
export const Decorative: Story = {
  render: (args) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Icon {...args} />
      รถบรรทุก
    </span>
  ),
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg');
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg).not.toHaveAttribute('role');
  },
};

/** An icon that stands alone carries its own Thai label. */
export const Labelled: Story = {
  args: { name: 'warning', label: 'คำเตือน' },
  play: async ({ canvas }) => {
    const svg = canvas.getByRole('img', { name: 'คำเตือน' });
    await expect(svg).not.toHaveAttribute('aria-hidden');
  },
};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', fontSize: 32 }}>
      <Icon name="package" size={16} />
      <Icon name="package" />
      <Icon name="package" size={48} />
      <Icon name="package" size="1em" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const widths = [...canvasElement.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width);
    await expect(widths).toEqual([16, 24, 48, 32]);
  },
};

/** Icons follow `color`, so state colours come from the surrounding text. */
export const CurrentColor: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      <span style={{ color: 'var(--lms-color-success)' }}>
        <Icon name="success" label="สำเร็จ" />
      </span>
      <span style={{ color: 'var(--lms-color-warning)' }}>
        <Icon name="warning" label="คำเตือน" />
      </span>
      <span style={{ color: 'var(--lms-color-danger)' }}>
        <Icon name="error" label="ข้อผิดพลาด" />
      </span>
    </div>
  ),
  play: async ({ canvas }) => {
    const error = canvas.getByRole('img', { name: 'ข้อผิดพลาด' });
    await expect(error).toHaveAttribute('stroke', 'currentColor');
    await expect(getComputedStyle(error).color).toBe('rgb(179, 38, 30)');
  },
};
