import styled from 'styled-components';
import { percent } from './format.ts';
import type { CalendarCell } from './types.ts';

/** The engine names status colours (green/blue/orange/red); these are their on-screen shades. */
const swatches: Record<string, { background: string; text: string }> = {
  green: { background: '#e3f4e6', text: '#1b5e20' },
  blue: { background: '#e3edfa', text: '#174b8c' },
  orange: { background: '#fdeedd', text: '#8a4b00' },
  red: { background: '#fbe4e2', text: '#8f1e18' },
};
const fallback = { background: '#eceff3', text: '#1c1f24' };

export function swatchOf(colour: string) {
  return swatches[colour] ?? fallback;
}

/** A cell's badge figure: the fullest of weight, volume and hours (the status follows it). */
export const maxPercent = (cell: CalendarCell) =>
  Math.max(cell.weightPercent, cell.volumePercent, cell.hourPercent);

/** A utilization status: colour AND Thai label (never colour alone), with its percentage. */
export function StatusBadge({
  colour,
  label,
  value,
  wrap = false,
}: {
  readonly colour: string;
  readonly label: string;
  readonly value?: number;
  /**
   * In a box that may be narrow (a calendar day): the label wraps between words and the
   * percentage, never broken, goes under it; on a phone it drops its decimal to fit ("100%").
   */
  readonly wrap?: boolean;
}) {
  const swatch = swatchOf(colour);
  const badge = (
    <Badge
      style={{ background: swatch.background, color: swatch.text }}
      data-colour={colour}
      data-wrap={wrap || undefined}
    >
      <Dot aria-hidden="true" style={{ background: swatch.text }} />
      {label}
      {value !== undefined && <Figure data-figure>{percent(value)}</Figure>}
      {value !== undefined && wrap && (
        <Figure data-figure data-short>
          {`${Math.floor(value)}%`}
        </Figure>
      )}
    </Badge>
  );
  return wrap ? <Fit>{badge}</Fit> : badge;
}

/** The box the badge measures itself against (a container): a calendar day's width, not the screen's. */
const Fit = styled.div`
  container-type: inline-size;
  display: grid;
`;

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  &[data-wrap] {
    flex-wrap: wrap;
    white-space: normal;
    min-width: 0;
    max-width: 100%;
  }
  & > [data-short] {
    display: none;
  }
  /* A day on a phone (~35 px): tighter edges and the whole-number percentage, one form at a time. */
  @container (max-width: 64px) {
    &[data-wrap] {
      column-gap: ${({ theme }) => theme.space[1]};
      padding: 0 ${({ theme }) => theme.space[1]};
      border-radius: ${({ theme }) => theme.radius.sm};
    }
    & > [data-figure] {
      display: none;
    }
    & > [data-short] {
      display: inline;
    }
  }
`;

const Figure = styled.span`
  white-space: nowrap;
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
`;
