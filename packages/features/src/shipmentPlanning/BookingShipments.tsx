import { DataGrid } from '@lms/design-system';
import { type BookingShipment, entityPagePath, type PlanInstant, shipmentStages } from '@lms/domain';
import styled from 'styled-components';
import { useBookingShipments } from '../booking/shared/useBookingShipments.ts';
import { useThaiDay } from '../booking/shared/useThaiDay.ts';

type StageRow = BookingShipment['stages'][number];

const stageLabels = new Map<string, string>(shipmentStages.map((s) => [s.key, s.label]));

/** A shipment's page, where its number links to. */
export const shipmentHref = (id: string) => entityPagePath('shipment', 'show', id);

/**
 * The shipments carrying a booking and the plan and actual time of each stage, on the booking's
 * page (issue 19 item 4); each shipment's number opens its page. Its log (the history tab) has the assignment and each stage recorded.
 */
export function BookingShipments({ bookingId }: { readonly bookingId: string }) {
  const shipments = useBookingShipments(bookingId);
  const thaiDay = useThaiDay();
  const shown = (at: PlanInstant | null) => (at ? `${thaiDay(at.date)} ${at.time}` : '-');
  return (
    <Section aria-labelledby={`shipments-${bookingId}`}>
      <h3 id={`shipments-${bookingId}`}>การขนส่ง</h3>
      {shipments.error && <p role="alert">{shipments.error.messages.join('\n')}</p>}
      {shipments.isLoading && <p role="status">กำลังโหลดการขนส่ง...</p>}
      {shipments.data?.length === 0 && <p>ยังไม่ได้จัดรถ</p>}
      {shipments.data?.map((shipment) => (
        <Shipment key={shipment.id}>
          <h4>
            <a href={shipmentHref(shipment.id)}>{shipment.docNo}</a> · รถ {shipment.licensePlate ?? '-'} ·
            คนขับ {shipment.driverName ?? '-'}
          </h4>
          <DataGrid<StageRow>
            label={`เวลาของใบขนส่ง ${shipment.docNo}`}
            rows={shipment.stages}
            getRowKey={(row) => row.stage}
            columns={[
              { key: 'stage', header: 'ขั้นตอน', render: (row) => stageLabels.get(row.stage) ?? row.stage },
              { key: 'plan', header: 'ตามแผน', render: (row) => shown(row.plan) },
              { key: 'actual', header: 'เวลาจริง', render: (row) => shown(row.actual) },
            ]}
          />
        </Shipment>
      ))}
    </Section>
  );
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[4]};
  & > h3 { margin: 0 0 ${({ theme }) => theme.space[2]}; }
`;

const Shipment = styled.div`
  margin-bottom: ${({ theme }) => theme.space[3]};
  & > h4 { margin: 0 0 ${({ theme }) => theme.space[2]}; font-size: ${({ theme }) => theme.font.size.md}; overflow-wrap: anywhere; }
`;
