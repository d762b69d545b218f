import type { SlotPlan } from '@lms/domain';
import { memo } from 'react';
import { kg, percent } from '../booking/shared/format.ts';
import { Figure, Figures, Panel } from '../booking/shared/layout.tsx';
import { useThaiDay } from '../booking/shared/useThaiDay.ts';

/** The slot's day at a glance: what is booked, what the branch has, how the day's deliveries went. * Memoized (issue 41): a move's busy state leaves the figures until the plan itself changes.
 */
export const PlanFigures = memo(function PlanFigures({ plan }: { readonly plan: SlotPlan }) {
  const { figures } = plan;
  const thaiDay = useThaiDay();
  return (
    <Panel aria-labelledby="planning-figures">
      <h3 id="planning-figures">ภาพรวมวันที่ {thaiDay(plan.date)}</h3>
      <Figures>
        <Figure label="การจองในกะนี้">{plan.bookings.length} รายการ</Figure>
        <Figure label="รถของสาขา">{plan.trucks.length} คัน</Figure>
        <Figure label="คนขับ">{plan.drivers.length} คน</Figure>
        <Figure label="ส่งตรงเวลา (ทั้งวัน)">
          {figures.delivered === 0
            ? 'ยังไม่มีการส่งเสร็จ'
            : `${figures.onTime}/${figures.delivered} (${percent((100 * figures.onTime) / figures.delivered)})`}
        </Figure>
        <Figure label="น้ำหนัก จอง / จัดรถ / ความจุ (ทั้งวัน)">
          {kg(figures.booked.weight)} / {kg(figures.planned.weight)} / {kg(figures.capacity.weight)}
        </Figure>
        <Figure label="ใช้ความจุรถ (ทั้งวัน)">
          {figures.capacity.weight > 0
            ? percent((100 * figures.planned.weight) / figures.capacity.weight)
            : '-'}
        </Figure>
      </Figures>
    </Panel>
  );
});
