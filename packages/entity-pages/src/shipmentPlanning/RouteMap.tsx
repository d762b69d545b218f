import type { PlanPlace, SlotPlan } from '@lms/domain';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { fittingZoom, project, tilesFor } from '../demo/mapMath.ts';
import {
  MapAttribution,
  MapEmpty,
  MapFrame,
  MapLabel,
  MapNotice,
  MapOverlay,
  MapTiles,
  MapWrapper,
  mapHeight,
  type TileState,
  useElementWidth,
} from '../demo/TrackingMap.tsx';
import { TRACKING_TEXT } from '../demo/text.ts';

/** One colour per trip, in the board's order (dark enough for white numbers on them). */
const TRIP_COLORS = ['#1f5fae', '#a15c00', '#1e7d32', '#8e24aa', '#b3261e', '#00695c'];
const UNASSIGNED_COLOR = '#5a6270';

export interface RouteMapProps {
  readonly plan: SlotPlan;
  /** Tile URL template as the location demo's map; `null` draws the routes on a plain background. */
  readonly tileUrlTemplate: string | null;
}

/**
 * The plan's routes on a map (issue 19 item 3), drawn like the location demo's map: each trip from
 * the branch through its stops in order and back, numbered; bookings not on a truck in grey. With
 * no tiles (offline, blocked, or none configured) the routes stay on a plain background.
 */
export function RouteMap({ plan, tileUrlTemplate }: RouteMapProps) {
  const [ref, width] = useElementWidth();
  const [tileState, setTileState] = useState<TileState>('loading');
  const height = mapHeight(width);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tile source gets a fresh chance
  useEffect(() => setTileState('loading'), [tileUrlTemplate]);

  const placeOf = new Map(plan.bookings.map((b) => [b.id, b.place]));
  const home = plan.branchPlace;
  const trips = plan.trips.map((trip, index) => ({
    plate: plan.trucks.find((t) => t.id === trip.vehicleId)?.licensePlate ?? '',
    color: TRIP_COLORS[index % TRIP_COLORS.length] as string,
    stops: trip.stops.map((s) => placeOf.get(s.bookingId)).filter((p): p is PlanPlace => !!p),
  }));
  const loose = plan.unassigned.flatMap((u) => {
    const place = placeOf.get(u.bookingId);
    return place ? [{ key: `${u.bookingId}:${u.deliveryOrderIds[0]}`, place }] : [];
  });
  const everything = [
    ...(home ? [home] : []),
    ...trips.flatMap((t) => t.stops),
    ...loose.map((l) => l.place),
  ];
  const unplaced = plan.bookings.filter((b) => !b.place).length;

  const lats = everything.map((p) => p.lat);
  const lons = everything.map((p) => p.lon);
  const center = everything.length
    ? { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lon: (Math.min(...lons) + Math.max(...lons)) / 2 }
    : null;
  const zoom = center && width > 0 ? fittingZoom(center, everything, width, height) : 0;
  const middle = center ? project(center.lat, center.lon, zoom) : { x: 0, y: 0 };
  const origin = { x: middle.x - width / 2, y: middle.y - height / 2 };
  const at = (p: PlanPlace) => {
    const q = project(p.lat, p.lon, zoom);
    return { x: q.x - origin.x, y: q.y - origin.y };
  };
  const showTiles = Boolean(center && tileUrlTemplate && tileState !== 'failed' && width > 0);
  const tiles = showTiles && tileUrlTemplate ? tilesFor(tileUrlTemplate, zoom, origin, width, height) : [];
  const label = `แผนที่เส้นทาง: ${
    trips.map((t) => `รถ ${t.plate} ${t.stops.length} จุด`).join(', ') || 'ยังไม่มีเที่ยวรถ'
  }${loose.length ? `, ยังไม่ได้จัดรถ ${loose.length} จุด` : ''}`;

  return (
    <MapWrapper>
      {tileUrlTemplate && tileState === 'failed' && (
        <MapNotice role="status">{TRACKING_TEXT.tilesFailed}</MapNotice>
      )}
      <MapFrame
        ref={ref}
        style={{ height }}
        data-tiles={tileUrlTemplate ? tileState : 'none'}
        data-zoom={zoom}
      >
        <MapTiles tiles={tiles} onState={setTileState} />
        {center && width > 0 && (
          <MapOverlay width={width} height={height} role="img" aria-label={label}>
            {trips.map((trip) => {
              const points = [...(home ? [home] : []), ...trip.stops, ...(home ? [home] : [])].map(at);
              return (
                <g key={trip.plate} data-route={trip.plate}>
                  <polyline
                    points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
                    fill="none"
                    stroke={trip.color}
                    strokeWidth={3}
                    strokeOpacity={0.8}
                    strokeLinejoin="round"
                  />
                  {trip.stops.map((stop, n) => {
                    const p = at(stop);
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a stop's number is its place in the trip
                      <g key={n}>
                        <circle cx={p.x} cy={p.y} r={10} fill={trip.color} stroke="#ffffff" strokeWidth={2} />
                        <StopNumber x={p.x} y={p.y + 4}>
                          {n + 1}
                        </StopNumber>
                      </g>
                    );
                  })}
                </g>
              );
            })}
            {loose.map(({ key, place }) => {
              const q = at(place);
              return (
                <circle
                  key={key}
                  data-unassigned=""
                  cx={q.x}
                  cy={q.y}
                  r={7}
                  fill={UNASSIGNED_COLOR}
                  stroke="#ffffff"
                  strokeWidth={2}
                />
              );
            })}
            {home && (
              <g data-branch="">
                <rect
                  x={at(home).x - 8}
                  y={at(home).y - 8}
                  width={16}
                  height={16}
                  fill="#1c1f24"
                  stroke="#ffffff"
                  strokeWidth={2}
                />
                <MapLabel x={at(home).x + 12} y={at(home).y + 4}>
                  สาขา
                </MapLabel>
              </g>
            )}
          </MapOverlay>
        )}
        {!center && <MapEmpty>ยังไม่มีพิกัดของสาขาและสถานที่ส่ง</MapEmpty>}
        {showTiles && tileState === 'ok' && <MapAttribution>{TRACKING_TEXT.attribution}</MapAttribution>}
      </MapFrame>
      <Legend aria-label="สีของเส้นทาง">
        {trips.map((trip) => (
          <li key={trip.plate}>
            <Swatch style={{ background: trip.color }} aria-hidden="true" /> รถ {trip.plate}
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
    </MapWrapper>
  );
}

const StopNumber = styled.text`
  font-size: 11px;
  font-weight: 700;
  fill: #ffffff;
  text-anchor: middle;
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
