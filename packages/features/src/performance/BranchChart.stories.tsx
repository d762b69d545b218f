import type { BranchFigures } from '@lms/domain';
import { branchesAnswer } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, type within } from 'storybook/test';
import { BranchChart } from './BranchChart.tsx';

/** Branches side by side alone (the page's stories show it loading lazily, with its table, loading and error). */
function Chart({
  width,
  count = 2,
  long,
}: {
  readonly width?: number;
  readonly count?: number;
  readonly long?: boolean;
}) {
  const [bangkok, chiangMai] = branchesAnswer().branches as [BranchFigures, BranchFigures];
  const branches = Array.from({ length: count }, (_, i) => ({
    ...(i % 2 === 0 ? bangkok : chiangMai),
    branchId: `b${i}`,
    label:
      long && i === 1
        ? 'CNX: ศูนย์กระจายสินค้าภาคเหนือตอนบนอำเภอสันทราย'
        : `B${String(i + 1).padStart(2, '0')}: สาขา ${i + 1}`,
  }));
  return (
    <div style={{ width: width ?? 720 }}>
      <BranchChart branches={branches} title="แผนภูมิเทียบสาขา" />
    </div>
  );
}

const meta = { title: 'Components/Performance/Branch chart', component: Chart } satisfies Meta<typeof Chart>;
export default meta;
type Story = StoryObj<typeof meta>;

const bars = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('img', { name: 'แผนภูมิเทียบสาขา' }).querySelectorAll('.recharts-bar-rectangle').length;

/** Two branches: three bars each (OTIF, on time, in full), upright. */
export const TwoBranches: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(bars(canvas)).toBe(6));
    await expect(canvas.getByText('OTIF %')).toBeVisible();
  },
};

/** Twenty branches turn the chart on its side, a row per branch, every name on its axis. */
export const ManyBranches: Story = {
  args: { count: 20 },
  play: async ({ canvas }) => {
    await waitFor(() => expect(bars(canvas)).toBe(60));
    await expect(canvas.getByText('B20: สาขา 20')).toBeInTheDocument();
    const chart = canvas.getByRole('img', { name: 'แผนภูมิเทียบสาขา' });
    await expect(chart.getBoundingClientRect().height).toBeGreaterThanOrEqual(20 * 36);
  },
};

/** No branch: the axes alone (the page shows "no branch" instead and no chart). */
export const Empty: Story = {
  args: { count: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'แผนภูมิเทียบสาขา' })).toBeInTheDocument();
    await expect(bars(canvas)).toBe(0);
  },
};

export const LongThaiText: Story = {
  args: { long: true },
  play: async ({ canvas }) => {
    await waitFor(() => expect(bars(canvas)).toBe(6));
    const chart = canvas.getByRole('img', { name: 'แผนภูมิเทียบสาขา' });
    await expect(chart.getBoundingClientRect().width).toBeLessThanOrEqual(721);
  },
};

export const Phone: Story = {
  args: { width: 390, count: 8 },
  play: async ({ canvas }) => {
    await waitFor(() => expect(bars(canvas)).toBe(24));
    await expect(
      canvas.getByRole('img', { name: 'แผนภูมิเทียบสาขา' }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(391);
  },
};
