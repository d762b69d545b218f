import { Icon } from '@lms/design-system';
import { canceledAhead, type DriverStop, optionLabel, stopStatusOptions } from '@lms/domain';
import styled from 'styled-components';
import { timeText, windowText } from './format.ts';
import { driverText } from './text.ts';

const statusLabel = (stop: DriverStop) => optionLabel(stopStatusOptions, stop.status) ?? stop.status;

/**
 * One stop in the trip's list: its number, the ship-to, the window and when the truck gets there
 * (ETA, else the plan), where it stands; the next stop stands out, a late one is flagged. The whole
 * card is one big button to the stop.
 */
export function StopCard({
  stop,
  day,
  isNext,
  waiting,
  onOpen,
}: {
  readonly stop: DriverStop;
  /** The trip's day: a time on another day shows its date. */
  readonly day: string;
  readonly isNext: boolean;
  /** Something recorded at this stop is still on the phone. */
  readonly waiting: boolean;
  readonly onOpen: () => void;
}) {
  const done = !!stop.leftAt;
  return (
    <Card type="button" onClick={onOpen} data-next={isNext || undefined} data-done={done || undefined}>
      <Seq aria-hidden="true">{stop.seq}</Seq>
      <Body>
        <strong>
          {driverText.stopNo(stop.seq)} · {stop.shipToName}
        </strong>
        {stop.address && <span>{stop.address}</span>}
        <span>
          {driverText.window} {windowText(stop.windowFrom, stop.windowTo, day)}
        </span>
        {!done && !canceledAhead(stop) && (
          <span>
            {stop.eta ? driverText.eta : driverText.planned}{' '}
            <Whole>{timeText(stop.eta ?? stop.plannedArrival, day)}</Whole>
            {stop.late && <Late> · {driverText.late}</Late>}
          </span>
        )}
        <Status data-status={canceledAhead(stop) ? 'CANCELED' : stop.status}>
          {canceledAhead(stop) ? (
            driverText.canceled
          ) : (
            <>
              {isNext && !done ? `${driverText.next} · ` : ''}
              {statusLabel(stop)}
            </>
          )}
          {waiting ? ` · ${driverText.recordedLocally}` : ''}
        </Status>
      </Body>
      <Icon name="chevron-right" />
    </Card>
  );
}

const Card = styled.button`
  width: 100%;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &[data-next] {
    border: 2px solid ${({ theme }) => theme.color.primary};
  }
  &[data-done] {
    background: ${({ theme }) => theme.color.background};
  }
  > svg {
    align-self: center;
    flex: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;
const Seq = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  [data-done] > & {
    background: ${({ theme }) => theme.color.success};
  }
`;
const Body = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  overflow-wrap: anywhere;
  > span {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;
/** A time (`29/11/2025 00:10 น.`) or a flag wraps whole, never "00:10 / น." or "อาจเลย / เวลานัด". */
const Whole = styled.span`
  white-space: nowrap;
`;
const Late = styled(Whole)`
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
const Status = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.textMuted};
  &[data-status='DELIVERED'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-status='PARTIAL'] {
    color: ${({ theme }) => theme.color.warning};
  }
  &[data-status='FAILED'],
  &[data-status='CANCELED'] {
    color: ${({ theme }) => theme.color.danger};
  }
`;
