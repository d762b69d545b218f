import { type Dispatch, type SetStateAction, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Fix } from './geolocation.ts';
import { fittingZoom, metersPerPixel, project, scaleBar, type TileRef, tilesFor } from './mapMath.ts';
import type { SharedPosition } from './positionStream.ts';
import { TRACKING_TEXT } from './text.ts';

/** The map tiles, configured here only: OpenStreetMap's standard layer (`{z}/{x}/{y}`). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const OTHER_COLORS = ['#a15c00', '#1e7d32', '#8e24aa', '#b3261e', '#00695c'];

export interface TrackingMapProps {
  /** This device's positions, oldest first; the last one is the current position. */
  readonly trail: readonly Fix[];
  /** Other devices' latest positions, with their users' names. */
  readonly others: readonly SharedPosition[];
  /** Tile URL template (`{z}`, `{x}`, `{y}`, optional `{s}`); `null` draws no tiles at all. */
  readonly tileUrlTemplate: string | null;
  /** Pixels; by default 420, or 320 when the map is narrower than 600 pixels (phones). */
  readonly height?: number;
}

export type TileState = 'loading' | 'ok' | 'failed';

/** 420 pixels, or 320 on a map narrower than 600 (phones). */
export const mapHeight = (width: number) => (width > 0 && width < 600 ? 320 : 420);

/** An element's width, followed as it resizes (the map draws for its real size). */
export function useElementWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A Web-Mercator map drawn by hand: tiles as images underneath, the trail, the accuracy circle,
 * the markers and a scale bar in SVG on top. When no tile loads (no internet, blocked host) the
 * vectors stay on a plain background with a notice.
 */
export function TrackingMap({ trail, others, tileUrlTemplate, height: fixedHeight }: TrackingMapProps) {
  const [ref, width] = useElementWidth();
  const [tileState, setTileState] = useState<TileState>('loading');
  const height = fixedHeight ?? mapHeight(width);

  // A new tile source gets a fresh chance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the template changes
  useEffect(() => setTileState('loading'), [tileUrlTemplate]);

  const current = trail.at(-1);
  const focus = current ?? others[0];
  const everything = [...trail, ...others];
  const zoom =
    focus && width > 0
      ? fittingZoom(
          { lat: focus.lat, lon: focus.lon, accuracy: current?.accuracy },
          everything,
          width,
          height,
        )
      : 0;
  const center = focus ? project(focus.lat, focus.lon, zoom) : { x: 0, y: 0 };
  const origin = { x: center.x - width / 2, y: center.y - height / 2 };
  const at = (lat: number, lon: number) => {
    const p = project(lat, lon, zoom);
    return { x: p.x - origin.x, y: p.y - origin.y };
  };
  const showTiles = Boolean(focus && tileUrlTemplate && tileState !== 'failed' && width > 0);
  const tiles = showTiles && tileUrlTemplate ? tilesFor(tileUrlTemplate, zoom, origin, width, height) : [];
  const scale = focus ? scaleBar(focus.lat, zoom) : undefined;
  const trailPoints = trail.map((fix) => at(fix.lat, fix.lon));
  const me = current ? at(current.lat, current.lon) : undefined;

  const label = focus
    ? `${TRACKING_TEXT.mapLabel}: ${current ? `${TRACKING_TEXT.me} ${current.lat.toFixed(5)}, ${current.lon.toFixed(5)}` : ''}${
        others.length > 0 ? ` และอุปกรณ์อื่น ${others.length} เครื่อง` : ''
      }`
    : TRACKING_TEXT.mapLabel;

  return (
    <MapWrapper>
      {tileUrlTemplate && tileState === 'failed' && (
        <MapNotice role="status" data-notice="no-tiles">
          {TRACKING_TEXT.tilesFailed}
        </MapNotice>
      )}
      <MapFrame
        ref={ref}
        style={{ height }}
        data-tiles={tileUrlTemplate ? tileState : 'none'}
        data-zoom={zoom}
      >
        <MapTiles tiles={tiles} onState={setTileState} />
        {width > 0 && (
          <MapOverlay width={width} height={height} role="img" aria-label={label}>
            {current && me && (
              <circle
                data-accuracy=""
                cx={me.x}
                cy={me.y}
                r={current.accuracy / metersPerPixel(current.lat, zoom)}
                fill="rgba(31, 95, 174, 0.15)"
                stroke="#1f5fae"
                strokeWidth={1}
              />
            )}
            {trailPoints.length > 1 && (
              <polyline
                data-trail={trailPoints.length}
                points={trailPoints.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
                fill="none"
                stroke="#1f5fae"
                strokeOpacity={0.7}
                strokeWidth={3}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            )}
            {trailPoints.slice(0, -1).map((p, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: trail points are positional
              <circle key={index} cx={p.x} cy={p.y} r={2.5} fill="#1f5fae" />
            ))}
            {others.map((other, index) => {
              const p = at(other.lat, other.lon);
              const color = OTHER_COLORS[index % OTHER_COLORS.length];
              return (
                <g key={other.userId} data-other={other.username}>
                  <circle cx={p.x} cy={p.y} r={7} fill={color} stroke="#ffffff" strokeWidth={2} />
                  <MapLabel x={p.x + 10} y={p.y + 4}>
                    {other.fullName || other.username}
                  </MapLabel>
                </g>
              );
            })}
            {me && (
              <circle data-me="" cx={me.x} cy={me.y} r={8} fill="#1f5fae" stroke="#ffffff" strokeWidth={3} />
            )}
            {scale && (
              <g data-scale={scale.label} transform={`translate(12, ${height - 14})`}>
                <rect
                  x={-6}
                  y={-22}
                  width={scale.pixels + 12}
                  height={30}
                  rx={4}
                  fill="rgba(255,255,255,0.85)"
                />
                <path
                  d={`M0,-6 V0 H${scale.pixels.toFixed(1)} V-6`}
                  fill="none"
                  stroke="#1c1f24"
                  strokeWidth={2}
                />
                <MapScaleText x={0} y={-9}>
                  {scale.label}
                </MapScaleText>
              </g>
            )}
          </MapOverlay>
        )}
        {!focus && <MapEmpty>{TRACKING_TEXT.noPosition}</MapEmpty>}
        {showTiles && tileState === 'ok' && <MapAttribution>{TRACKING_TEXT.attribution}</MapAttribution>}
      </MapFrame>
    </MapWrapper>
  );
}

/** The tile images under a map's overlay; the first that loads says "ok", a failure before any says "failed". */
export function MapTiles({
  tiles,
  onState,
}: {
  tiles: readonly TileRef[];
  onState: Dispatch<SetStateAction<TileState>>;
}) {
  return tiles.map((tile) => (
    <MapTile
      key={tile.key}
      src={tile.url}
      alt=""
      width={256}
      height={256}
      draggable={false}
      style={{ left: tile.left, top: tile.top }}
      onLoad={() => onState('ok')}
      onError={() => onState((state) => (state === 'ok' ? state : 'failed'))}
    />
  ));
}

export const MapWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

export const MapNotice = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff4e5;
  color: #6b3d00;
`;

export const MapFrame = styled.div`
  position: relative;
  overflow: hidden;
  width: 100%;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  /* The plain background shown when no tile loads. */
  background: #eef2f6;
  background-image:
    linear-gradient(rgba(90, 98, 112, 0.08) 1px, transparent 1px),
    linear-gradient(90deg, rgba(90, 98, 112, 0.08) 1px, transparent 1px);
  background-size: 64px 64px;
`;

export const MapTile = styled.img`
  position: absolute;
  width: 256px;
  height: 256px;
  max-width: none;
  user-select: none;
`;

export const MapOverlay = styled.svg`
  position: absolute;
  inset: 0;
`;

export const MapLabel = styled.text`
  font-size: 13px;
  font-weight: 500;
  fill: #1c1f24;
  paint-order: stroke;
  stroke: #ffffff;
  stroke-width: 3px;
`;

export const MapScaleText = styled.text`
  font-size: 12px;
  fill: #1c1f24;
`;

export const MapEmpty = styled.p`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const MapAttribution = styled.small`
  position: absolute;
  right: 0;
  bottom: 0;
  padding: 0 ${({ theme }) => theme.space[1]};
  background: rgba(255, 255, 255, 0.85);
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
