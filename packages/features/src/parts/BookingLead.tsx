import { useBuddhistEra } from '@lms/design-system';
import { bookingStatusOptions, callStatusOptions, formatDate, optionLabel, telHref } from '@lms/domain';
import type { EntityRecord, RecordPartProps } from '@lms/entity-pages';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { shortDay } from '../booking/shared/format.ts';
import { StatusBadge } from '../booking/shared/StatusBadge.tsx';
import { useBookingShipments } from '../booking/shared/useBookingShipments.ts';
import { MessageStateBadge } from '../contact/MessageStateBadge.tsx';
import { shipmentHref } from '../shipmentPlanning/BookingShipments.tsx';

/** Where a booking's goods go, one day × shift × vehicle type at a time, with the DOs on it. */
export interface Placement {
  readonly day: string;
  readonly shift: string;
  readonly vehicleType: string;
  readonly times: readonly string[];
  readonly orders: readonly string[];
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The booking's lines as its placements, by day, each once, in the order its lines name them. */
export function placementsOf(lines: readonly EntityRecord[]): Placement[] {
  const byKey = new Map<
    string,
    { day: string; shift: string; vehicleType: string; times: string[]; orders: string[] }
  >();
  for (const line of lines) {
    const day = text(line.deliveryDate) ?? '';
    const key = `${day}|${line.shiftOfDayId ?? ''}|${line.vehicleTypeId ?? ''}`;
    const placement = byKey.get(key) ?? {
      day,
      shift: text(line.shiftOfDayLabel) ?? '-',
      vehicleType: text(line.vehicleTypeLabel) ?? '-',
      times: [],
      orders: [],
    };
    const time = text(line.deliveryTime);
    if (time && !placement.times.includes(time)) placement.times.push(time);
    const order = text(line.deliveryOrderLabel);
    if (order && !placement.orders.includes(order)) placement.orders.push(order);
    byKey.set(key, placement);
  }
  return [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day));
}

const labelOf = (options: readonly { value: string; label: string }[], value: unknown) =>
  optionLabel(options, value) ?? '-';

/**
 * The top of a booking's page (issue 43): the day, shift and vehicle type of each part, the
 * ship-to with a phone to call, the call status and where the customer's message stands, the
 * shipments carrying it (each a link), then the page's other fields.
 */
export function BookingLead({ record }: RecordPartProps) {
  const buddhistEra = useBuddhistEra(undefined);
  const shipments = useBookingShipments(record.id);
  const placements = placementsOf((record.lines as EntityRecord[] | undefined) ?? []);
  const phone = text(record.shipToTel);
  const href = telHref(phone);
  const canceled = record.status === 'CANCELED';
  return (
    <Lead aria-labelledby={`lead-${record.id}`}>
      <h2 id={`lead-${record.id}`}>การส่ง</h2>
      {canceled && (
        <p role="note">
          <StatusBadge colour="red" label={labelOf(bookingStatusOptions, record.status)} />
        </p>
      )}
      <Placements aria-label="วัน กะ และประเภทรถ">
        {placements.length === 0 && <li>ยังไม่มีรายการจอง</li>}
        {placements.map((placement) => (
          <li key={`${placement.day}|${placement.shift}|${placement.vehicleType}`}>
            <Facts>
              <Fact label="วันที่ส่ง">
                {placement.day
                  ? `${shortDay(placement.day).weekday} ${formatDate(placement.day, { buddhistEra })}`
                  : '-'}
              </Fact>
              <Fact label="กะ">{placement.shift}</Fact>
              <Fact label="ประเภทรถ">{placement.vehicleType}</Fact>
              {placement.times.length > 0 && <Fact label="เวลาส่ง">{placement.times.join(', ')}</Fact>}
              <Fact label="ใบส่งสินค้า">{placement.orders.join(', ') || '-'}</Fact>
            </Facts>
          </li>
        ))}
      </Placements>
      <Facts>
        <Fact label="สถานที่ส่งสินค้า" wide>
          {text(record.shipToName) ?? text(record.shipToLabel) ?? '-'}
          {text(record.shipToAddress) && <Muted>{text(record.shipToAddress)}</Muted>}
        </Fact>
        <Fact label="เบอร์โทร">{href ? <a href={href}>{phone}</a> : (phone ?? '-')}</Fact>
        <Fact label="สถานะการโทรนัด">{labelOf(callStatusOptions, record.callStatus)}</Fact>
        <Fact label="ข้อความถึงลูกค้า">
          <MessageStateBadge state={text(record.messageState)} />
        </Fact>
        <Fact label="การขนส่ง" wide>
          {shipments.error ? (
            <span role="alert">{shipments.error.messages.join(' ')}</span>
          ) : !shipments.data ? (
            <span role="status">กำลังโหลดการขนส่ง...</span>
          ) : shipments.data.length === 0 ? (
            'ยังไม่ได้จัดรถ'
          ) : (
            <ShipmentLinks>
              {shipments.data.map((shipment) => (
                <li key={shipment.id}>
                  <a href={shipmentHref(shipment.id)}>{shipment.docNo}</a>
                  {` · รถ ${shipment.licensePlate ?? '-'} · คนขับ ${shipment.driverName ?? '-'}`}
                </li>
              ))}
            </ShipmentLinks>
          )}
        </Fact>
      </Facts>
    </Lead>
  );
}

function Fact({
  label,
  wide = false,
  children,
}: {
  readonly label: string;
  readonly wide?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div data-wide={wide || undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Lead = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  & > h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  & > p { margin: 0; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;
  & > div { min-width: 0; }
  & > [data-wide] { grid-column: span 2; }
  @media (max-width: 599px) { & > [data-wide] { grid-column: 1 / -1; } }
  & dt { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.color.textMuted}; }
  & dd { margin: 0; font-weight: ${({ theme }) => theme.font.weight.medium}; overflow-wrap: anywhere; }
  & a { min-height: 24px; }
`;

const Placements = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  & > li + li { padding-top: ${({ theme }) => theme.space[2]}; border-top: 1px solid ${({ theme }) => theme.color.border}; }
`;

const ShipmentLinks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Muted = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.font.weight.regular};
  color: ${({ theme }) => theme.color.textMuted};
`;
