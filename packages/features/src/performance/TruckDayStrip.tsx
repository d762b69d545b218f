import { dayRange, type Period, phrase, shortDay, type TruckDaysRow, truckDayLink } from '@lms/domain';
import styled from 'styled-components';
import { type Navigate, routerClick, useCanOpen } from '../home/CountLink.tsx';

export const truckDayText = {
  title: 'วันของรถแต่ละคัน',
  ran: 'วิ่ง',
  empty: 'รถว่าง',
  full: 'บรรทุกเต็ม',
  ahead: 'ยังไม่ถึง',
  legend: 'ความหมายของสี',
} as const;

type Kind = 'ran' | 'empty' | 'full' | 'ahead';

/**
 * The empty and full days of each truck as a strip of the period's days (docs/performance-figures.md
 * "วันรถว่างและวันบรรทุกเต็ม"): a day without a trip is an outlined cell, a day in the calendar's
 * FULL band a red one, marked by shape and name as well as colour. Each empty or full day opens
 * that truck's shipments of that day (`truckDayLink`) when the user may open the shipment list;
 * the days it simply ran are not links, so a month of them is not a month of tab stops. The days
 * after `until` (today, in a month still running) are not judged: drawn plain, "ยังไม่ถึง". The
 * table below it (`daysByTruck`) is the same days in words.
 */
export function TruckDayStrip({
  trucks,
  period,
  until = period.to,
  navigate,
}: {
  readonly trucks: readonly TruckDaysRow[];
  readonly period: Period;
  /** The last day judged (`truckDaysOf`); null: none yet. */
  readonly until?: string | null;
  readonly navigate?: Navigate | undefined;
}) {
  const canOpen = useCanOpen();
  const days = dayRange(period.from, period.to);
  const ahead = (day: string) => until === null || day > until;
  const kinds: readonly [Kind, string][] = [
    ['ran', truckDayText.ran],
    ['empty', truckDayText.empty],
    ['full', truckDayText.full],
    ...(days.some(ahead) ? [['ahead', truckDayText.ahead] as [Kind, string]] : []),
  ];
  return (
    <Strip aria-label={truckDayText.title}>
      <Legend aria-label={truckDayText.legend}>
        {kinds.map(([kind, label]) => (
          <li key={kind}>
            <Cell as="span" data-kind={kind} aria-hidden="true" /> {label}
          </li>
        ))}
      </Legend>
      <Trucks>
        {trucks.map((truck) => (
          <li key={truck.id}>
            <TruckName>{truck.label}</TruckName>
            <Days aria-label={truck.label}>
              {days.map((day) => {
                const kind: Kind = ahead(day)
                  ? 'ahead'
                  : truck.emptyDays.includes(day)
                    ? 'empty'
                    : truck.fullDays.includes(day)
                      ? 'full'
                      : 'ran';
                const name = phrase(`${truck.label} ${shortDay(day)}`, truckDayText[kind]);
                const link = kind === 'empty' || kind === 'full' ? truckDayLink(truck.id, day) : null;
                return (
                  <li key={day}>
                    {link && canOpen(link.href) ? (
                      <Cell
                        href={link.href}
                        data-kind={kind}
                        aria-label={name}
                        title={name}
                        onClick={routerClick(navigate, link.href)}
                      >
                        {Number(day.slice(8, 10))}
                      </Cell>
                    ) : (
                      <Cell as="span" data-kind={kind} title={name}>
                        {Number(day.slice(8, 10))}
                      </Cell>
                    )}
                  </li>
                );
              })}
            </Days>
          </li>
        ))}
      </Trucks>
    </Strip>
  );
}

const Strip = styled.div`
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  list-style: none;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.font.size.sm};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
  }
`;

const Trucks = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

const TruckName = styled.span`
  min-width: 8rem;
  overflow-wrap: anywhere;
`;

const Days = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 2px;
  list-style: none;
  padding: 0;
  margin: 0;
`;

const Cell = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  box-sizing: border-box;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-decoration: none;
  &[data-kind='ran'] {
    background: ${({ theme }) => theme.color.secondary};
    color: ${({ theme }) => theme.color.secondaryText};
  }
  &[data-kind='empty'] {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    border: 1px dashed ${({ theme }) => theme.color.textMuted};
  }
  &[data-kind='ahead'] {
    color: ${({ theme }) => theme.color.textMuted};
    border: 1px solid ${({ theme }) => theme.color.border};
  }
  &[data-kind='full'] {
    background: ${({ theme }) => theme.color.danger};
    color: ${({ theme }) => theme.color.primaryText};
    font-weight: 700;
  }
  &:is(a):focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;
