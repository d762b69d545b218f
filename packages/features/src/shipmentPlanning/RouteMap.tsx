import { type MapLine, type MapMarker, MapView, mapColors } from '@lms/design-system';
import type { PlanPlace, SlotPlan } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { tripNumberLabel } from './tripNumber.ts';

const UNASSIGNED_COLOR = '#5a6270';

export interface RouteMapProps {
  readonly plan: SlotPlan;
  /** Tile URL template (`{z}/{x}/{y}`); `null` draws the routes on a plain background. */
  readonly tileUrlTemplate: string | null;
  /** The credit the tiles' licence asks for. */
  readonly attribution: string;
}

/**
 * The plan's routes on a map (issue 19 item 3): each trip from the branch through its stops in
 * order and back, numbered, one colour per trip in the board's order; bookings not on a truck in
 * grey. With no tiles (offline, blocked, or none configured) the routes stay on a plain background.
 * Memoized (issue 41): a move's busy state leaves the map until the plan itself changes.
 */
export const RouteMap = memo(function RouteMap({ plan, tileUrlTemplate, attribution }: RouteMapProps) {
  const placeOf = new Map(plan.bookings.map((b) => [b.id, b.place]));
  const home = plan.branchPlace;
  const trips = plan.trips.map((trip, index) => ({
    plate: plan.trucks.find((t) => t.id === trip.vehicleId)?.licensePlate ?? '',
    number: tripNumberLabel(plan, trip),
    key: `${trip.vehicleId}-${trip.trip}`,
    color: mapColors[index % mapColors.length] as string,
    stops: trip.stops.map((s) => placeOf.get(s.bookingId)).filter((p): p is PlanPlace => !!p),
  }));
  const loose = plan.unassigned.flatMap((u) => {
    const place = placeOf.get(u.bookingId);
    return place ? [{ key: `${u.bookingId}:${u.deliveryOrderIds[0]}`, place }] : [];
  });
  const unplaced = plan.bookings.filter((b) => !b.place).length;
  const label = `แผนที่เส้นทาง: ${
    trips.map((t) => `รถ ${t.plate}${t.number ? ` ${t.number}` : ''} ${t.stops.length} จุด`).join(', ') ||
    'ยังไม่มีเที่ยวรถ'
  }${loose.length ? `, ยังไม่ได้จัดรถ ${loose.length} จุด` : ''}`;

  const routes = trips.map(
    (trip): MapLine => ({
      key: trip.key,
      points: home ? [home, ...trip.stops, home] : trip.stops,
      color: trip.color,
      opacity: 0.8,
      markers: trip.stops.map((stop, n) => ({
        key: String(n),
        at: stop,
        color: trip.color,
        size: 10,
        outline: 2,
        number: String(n + 1),
      })),
      data: { 'data-route': trip.plate },
    }),
  );
  const places: MapMarker[] = [
    ...loose.map(({ key, place }) => ({
      key,
      at: place,
      color: UNASSIGNED_COLOR,
      size: 7,
      outline: 2,
      data: { 'data-unassigned': '' },
    })),
    ...(home
      ? [
          {
            key: 'branch',
            at: home,
            color: '#1c1f24',
            size: 8,
            shape: 'square' as const,
            outline: 2,
            label: 'สาขา',
            data: { 'data-branch': '' },
          },
        ]
      : []),
  ];

  return (
    <Column>
      <MapView
        label={label}
        emptyText="ยังไม่มีพิกัดของสาขาและสถานที่ส่ง"
        tileUrlTemplate={tileUrlTemplate}
        attribution={attribution}
        lines={routes}
        markers={places}
      />
      <Legend aria-label="สีของเส้นทาง">
        {trips.map((trip) => (
          <li key={trip.key}>
            <Swatch style={{ background: trip.color }} aria-hidden="true" /> รถ {trip.plate}
            {trip.number ? ` ${trip.number}` : ''}
          </li>
        ))}
        {loose.length > 0 && (
          <li>
            <Swatch style={{ background: UNASSIGNED_COLOR, borderRadius: '50%' }} aria-hidden="true" />{' '}
            ยังไม่ได้จัดรถ
          </li>
        )}
        {unplaced > 0 && <li>ไม่มีพิกัด {unplaced} การจอง (ไม่แสดงบนแผนที่)</li>}
      </Legend>
    </Column>
  );
});

/** The map, then its legend, as the map's own notice and frame are spaced. */
const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Swatch = styled.span`
  display: inline-block;
  width: 14px;
  height: 14px;
  vertical-align: middle;
  border-radius: 3px;
`;
