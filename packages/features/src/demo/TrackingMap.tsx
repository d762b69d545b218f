import { type MapMarker, MapView, mapColors } from '@lms/design-system';
import type { Fix } from './geolocation.ts';
import type { SharedPosition } from './positionStream.ts';
import { TRACKING_TEXT } from './text.ts';

const [MY_COLOR, ...OTHER_COLORS] = mapColors;

export interface TrackingMapProps {
  /** This device's positions, oldest first; the last one is the current position. */
  readonly trail: readonly Fix[];
  /** Other devices' latest positions, with their users' names. */
  readonly others: readonly SharedPosition[];
  /** Tile URL template (`{z}`, `{x}`, `{y}`, optional `{s}`); `null` draws no tiles at all. */
  readonly tileUrlTemplate: string | null;
  /** The credit the tiles' licence asks for. */
  readonly attribution: string;
  /** Pixels; by default 420, or 320 when the map is narrower than 600 pixels (phones). */
  readonly height?: number | undefined;
}

/**
 * This device's trail, its accuracy and the other devices on the map, centred on the current
 * position (or the first other device), with a scale bar.
 */
export function TrackingMap({ trail, others, tileUrlTemplate, attribution, height }: TrackingMapProps) {
  const current = trail.at(-1);
  const focus = current ?? others[0];
  const label = focus
    ? `${TRACKING_TEXT.mapLabel}: ${current ? `${TRACKING_TEXT.me} ${current.lat.toFixed(5)}, ${current.lon.toFixed(5)}` : ''}${
        others.length > 0 ? ` และอุปกรณ์อื่น ${others.length} เครื่อง` : ''
      }`
    : TRACKING_TEXT.mapLabel;
  const otherMarkers = others.map(
    (other, index): MapMarker => ({
      key: other.userId,
      at: other,
      color: OTHER_COLORS[index % OTHER_COLORS.length] as string,
      size: 7,
      outline: 2,
      label: other.fullName || other.username,
      data: { 'data-other': other.username },
    }),
  );
  const me: MapMarker[] = current
    ? [{ key: 'me', at: current, color: MY_COLOR, size: 8, outline: 3, data: { 'data-me': '' } }]
    : [];

  return (
    <MapView
      label={label}
      emptyText={TRACKING_TEXT.noPosition}
      tileUrlTemplate={tileUrlTemplate}
      attribution={attribution}
      center={focus}
      areas={
        current
          ? [
              {
                key: 'accuracy',
                at: current,
                meters: current.accuracy,
                color: MY_COLOR,
                data: { 'data-accuracy': '' },
              },
            ]
          : []
      }
      lines={[
        {
          key: 'trail',
          points: trail,
          color: MY_COLOR,
          opacity: 0.7,
          roundCaps: true,
          // Every earlier position as a small dot; the current one is the marker.
          markers: trail
            .slice(0, -1)
            .map((fix, index) => ({ key: String(index), at: fix, color: MY_COLOR, size: 2.5 })),
          data: { 'data-trail': trail.length },
        },
      ]}
      markers={[...otherMarkers, ...me]}
      scaleBar
      height={height}
    />
  );
}
