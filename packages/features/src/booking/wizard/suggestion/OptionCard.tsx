import { Button } from '@lms/design-system';
import { timeWindowLabel } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { baht, kg, m3, minutes } from '../../shared/format.ts';
import { StatusBadge } from '../../shared/StatusBadge.tsx';
import type { Allocation, BookingOption } from '../../shared/types.ts';
import { useThaiDay } from '../../shared/useThaiDay.ts';

/**
 * One allocation: when, which vehicles, what it uses, and the slot's fill after this booking.
 * Memoized (issue 41): an option chosen draws every card again (the others turn disabled), not
 * the allocations in them, which the answer keeps.
 */
export const AllocationSummary = memo(function AllocationSummary({
  allocation,
}: {
  readonly allocation: Allocation;
}) {
  const after = allocation.slotAfter;
  const thaiDay = useThaiDay();
  return (
    <AllocationBox>
      <strong>
        {/* The shift's hours, as the slot picker says them: its time slot code (AM, PM, EV) is English. */}
        {thaiDay(allocation.date)} · {allocation.shiftName}{' '}
        {timeWindowLabel({ start: allocation.shiftStartTime, end: allocation.shiftEndTime })}
      </strong>
      <span>
        {allocation.vehicleTypeName} × {allocation.vehicles} คัน
      </span>
      <span>
        ใช้ {kg(allocation.usedWeight)} · {m3(allocation.usedVolume)} · {minutes(allocation.usedMinute)}
      </span>
      <span>
        หลังจอง: <StatusBadge colour={after.colour} label={after.statusLabel} value={after.percent} /> (น้ำหนัก{' '}
        {Math.round(after.weightPercent)}% · ปริมาตร {Math.round(after.volumePercent)}% · ชั่วโมง{' '}
        {Math.round(after.hourPercent)}%)
      </span>
      <span>ค่าขนส่ง {baht(allocation.fee)}</span>
    </AllocationBox>
  );
});

export function OptionCard({
  option,
  onChoose,
  isPending,
  isDisabled,
}: {
  readonly option: BookingOption;
  readonly onChoose: () => void;
  readonly isPending: boolean;
  readonly isDisabled: boolean;
}) {
  const titleId = `option-${option.rank}`;
  const thaiDay = useThaiDay();
  return (
    <Card aria-labelledby={titleId} data-best={option.rank === 1 ? '' : undefined}>
      <Header>
        <h3 id={titleId}>
          ตัวเลือกที่ {option.rank}
          {option.rank === 1 ? ' (แนะนำ)' : ''}
        </h3>
        <span>
          ส่งครบ {thaiDay(option.completionDate)} · รถ {option.vehicles} คัน · {baht(option.fee)}
        </span>
      </Header>
      {option.allocations.map((allocation) => (
        <AllocationSummary key={`${allocation.slotId}-${allocation.vehicles}`} allocation={allocation} />
      ))}
      <Button
        variant={option.rank === 1 ? 'primary' : 'secondary'}
        onPress={onChoose}
        isDisabled={isDisabled || isPending}
      >
        {isPending ? 'กำลังบันทึก...' : `เลือกตัวเลือกที่ ${option.rank}`}
      </Button>
    </Card>
  );
}

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  &[data-best] { border: 2px solid ${({ theme }) => theme.color.primary}; }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  & h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

export const AllocationBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  overflow-wrap: anywhere;
`;
