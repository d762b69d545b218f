import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';
import styled from 'styled-components';

export interface ProgressBarProps {
  /** What is in progress (Thai), shown above the bar and its accessible name. */
  readonly label: string;
  /** Done so far, out of `maxValue`; without it the bar is indeterminate. */
  readonly value?: number;
  readonly maxValue?: number;
  /** The amount in words (`12,000 จาก 100,000 แถว`); the percentage when not given. */
  readonly valueLabel?: string;
}

/**
 * A labelled progress bar (react-aria's ProgressBar: role progressbar with its value for screen
 * readers): determinate when the amount is known, a moving stripe otherwise.
 */
export function ProgressBar({ label, value, maxValue = 100, valueLabel }: ProgressBarProps) {
  const isIndeterminate = value === undefined;
  return (
    <AriaProgressBar
      value={value ?? 0}
      maxValue={Math.max(maxValue, 1)}
      isIndeterminate={isIndeterminate}
      valueLabel={valueLabel}
    >
      {({ percentage, valueText }) => (
        <Frame>
          <Top>
            <Label>{label}</Label>
            {!isIndeterminate && <span>{valueText}</span>}
          </Top>
          <Track>
            <Fill
              data-indeterminate={isIndeterminate || undefined}
              style={{ width: `${percentage ?? 40}%` }}
            />
          </Track>
        </Frame>
      )}
    </AriaProgressBar>
  );
}

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`;
const Top = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  flex-wrap: wrap;
`;
const Track = styled.div`
  position: relative;
  height: 8px;
  overflow: hidden;
  border-radius: 4px;
  background: ${({ theme }) => theme.color.border};
`;
const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width 0.3s ease-out;
  &[data-indeterminate] {
    width: 40%;
    animation: lms-progress-indeterminate 1.2s ease-in-out infinite;
  }
  @keyframes lms-progress-indeterminate {
    from { transform: translateX(-100%); }
    to { transform: translateX(250%); }
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    animation: none;
  }
`;
