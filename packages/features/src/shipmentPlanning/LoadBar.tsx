import styled from 'styled-components';
import { percent } from '../booking/shared/format.ts';

/** How full a truck is in one measure: a meter with its figures in words (over 100 % shows red). */
export function LoadBar({
  label,
  used,
  capacity,
  format,
}: {
  readonly label: string;
  readonly used: number;
  readonly capacity: number;
  readonly format: (value: number) => string;
}) {
  const share = capacity > 0 ? (100 * used) / capacity : 0;
  const text = `${label} ${format(used)} / ${format(capacity)} (${percent(share)})`;
  return (
    <Bar>
      <span>{text}</span>
      <Track
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        aria-valuetext={text}
      >
        <Fill style={{ width: `${Math.min(100, share)}%` }} data-over={share > 100 || undefined} />
      </Track>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.color.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  &[data-over] { background: #c62828; }
`;
