import { baht, kg, m3, minutes } from '../shared/format.ts';
import { Figure, Figures, Panel } from '../shared/layout.tsx';
import type { DraftAnswer } from '../shared/types.ts';

export function Totals({ totals }: { readonly totals: DraftAnswer['evaluation']['totals'] }) {
  return (
    <Panel aria-labelledby="booking-totals">
      <h2 id="booking-totals">รวมทั้งหมด</h2>
      <Figures>
        <Figure label="น้ำหนัก">{kg(totals.weight)}</Figure>
        <Figure label="ปริมาตร">{m3(totals.volume)}</Figure>
        <Figure label="เวลา">{minutes(totals.minute)}</Figure>
        <Figure label="จำนวนรถ">{totals.vehicles} คัน</Figure>
        <Figure label="ค่าขนส่ง">{baht(totals.fee)}</Figure>
      </Figures>
    </Panel>
  );
}
