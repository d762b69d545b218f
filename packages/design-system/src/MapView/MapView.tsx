import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { messages } from '../messages.ts';
import { fittingZoom, metersPerPixel, project, scaleBar, type TileRef, tilesFor } from './mapMath.ts';

export interface GeoPoint {
  readonly lat: number;
  readonly lon: number;
}

/** `data-*` attributes put on a shape, for tests and styling (`{ 'data-me': '' }`). */
export type MapData = Readonly<Record<`data-${string}`, string | number>>;

/** A circle of a size on the ground (a position's accuracy): the map's colour, lightly filled. */
export interface MapArea {
  readonly key: string;
  readonly at: GeoPoint;
  readonly meters: number;
  /** `#rrggbb`. */
  readonly color: string;
  readonly data?: MapData;
}

/** A point drawn at a fixed size: a dot or a square, with a name beside it or a number in it. */
export interface MapMarker {
  readonly key: string;
  readonly at: GeoPoint;
  readonly color: string;
  /** Pixels from the centre to the edge (a dot's radius, half a square's side). */
  readonly size: number;
  /** Default `dot`. */
  readonly shape?: 'dot' | 'square';
  /** A white outline this wide; none by default. */
  readonly outline?: number;
  /** Text beside the marker (a person, a place). */
  readonly label?: string;
  /** Text inside the marker (a stop's place in its trip). */
  readonly number?: string;
  readonly data?: MapData;
}

/** A path through points in order (a trail, a trip), and the markers drawn on it. */
export interface MapLine {
  readonly key: string;
  readonly points: readonly GeoPoint[];
  readonly color: string;
  readonly opacity: number;
  /** Round line ends (a trail); square by default. */
  readonly roundCaps?: boolean;
  readonly markers?: readonly MapMarker[];
  readonly data?: MapData;
}

export interface MapViewProps {
  /** The map's accessible name: what it shows, in words. */
  readonly label: string;
  /** Shown on the plain background while there is nothing to draw. */
  readonly emptyText: string;
  /** Tile URL template (`{z}`, `{x}`, `{y}`, optional `{s}`); `null` draws no tiles at all. */
  readonly tileUrlTemplate: string | null;
  /** The tiles' credit, shown in the corner while they are. */
  readonly attribution?: string;
  /** Where the view centres; by default the middle of everything drawn. */
  readonly center?: GeoPoint | undefined;
  /** Drawn first, then the lines with their markers, then the markers, in the order given. */
  readonly areas?: readonly MapArea[];
  readonly lines?: readonly MapLine[];
  readonly markers?: readonly MapMarker[];
  /** A scale bar in the bottom-left corner. */
  readonly scaleBar?: boolean;
  /** Pixels; by default 420, or 320 when the map is narrower than 600 pixels (phones). */
  readonly height?: number | undefined;
}

/** One colour per line or person, in order; dark enough for white text on them. */
export const mapColors = ['#1f5fae', '#a15c00', '#1e7d32', '#8e24aa', '#b3261e', '#00695c'] as const;

type TileState = 'loading' | 'ok' | 'failed';

/** 420 pixels, or 320 on a map narrower than 600 (phones). */
const heightFor = (width: number) => (width > 0 && width < 600 ? 320 : 420);

/**
 * A Web-Mercator map drawn by hand: tiles as images underneath, areas, lines and markers in SVG on
 * top, the view fitted to all of them. When no tile loads (no internet, blocked host) or none is
 * configured, the drawing stays on a plain background (with a notice when tiles failed).
 */
export function MapView({
  label,
  emptyText,
  tileUrlTemplate,
  attribution,
  center: fixedCenter,
  areas = [],
  lines = [],
  markers = [],
  scaleBar: withScale = false,
  height: fixedHeight,
}: MapViewProps) {
  const [ref, width] = useElementWidth();
  const [tileState, setTileState] = useState<TileState>('loading');
  const height = fixedHeight ?? heightFor(width);

  // A new tile source gets a fresh chance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the template changes
  useEffect(() => setTileState('loading'), [tileUrlTemplate]);

  const everything = [
    ...lines.flatMap((line) => [...line.points, ...(line.markers ?? []).map((marker) => marker.at)]),
    ...markers.map((marker) => marker.at),
    ...areas.map((area) => area.at),
  ];
  const center = fixedCenter ?? middleOf(everything);
  const zoom = center && width > 0 ? fittingZoom(center, everything, width, height, areas) : 0;
  const middle = center ? project(center.lat, center.lon, zoom) : { x: 0, y: 0 };
  const origin = { x: middle.x - width / 2, y: middle.y - height / 2 };
  const at = (point: GeoPoint) => {
    const p = project(point.lat, point.lon, zoom);
    return { x: p.x - origin.x, y: p.y - origin.y };
  };
  const showTiles = Boolean(center && tileUrlTemplate && tileState !== 'failed' && width > 0);
  const tiles = showTiles && tileUrlTemplate ? tilesFor(tileUrlTemplate, zoom, origin, width, height) : [];
  const scale = center && withScale ? scaleBar(center.lat, zoom) : undefined;

  const marker = (m: MapMarker) => {
    const p = at(m.at);
    // A marker without text is its shape alone, carrying the marker's data.
    if (m.label === undefined && m.number === undefined)
      return <Fragment key={m.key}>{markerShape(m, p, m.data)}</Fragment>;
    return (
      <g key={m.key} {...m.data}>
        {markerShape(m, p)}
        {m.number !== undefined && (
          <MarkerNumber x={p.x} y={p.y + 4}>
            {m.number}
          </MarkerNumber>
        )}
        {m.label !== undefined && (
          // A square reaches further out at its corners: its name starts a pixel further.
          <MarkerLabel x={p.x + m.size + (m.shape === 'square' ? 4 : 3)} y={p.y + 4}>
            {m.label}
          </MarkerLabel>
        )}
      </g>
    );
  };

  return (
    <Wrapper>
      {tileUrlTemplate && tileState === 'failed' && (
        <Notice role="status" data-notice="no-tiles">
          {messages.mapTilesFailed}
        </Notice>
      )}
      <Frame ref={ref} style={{ height }} data-tiles={tileUrlTemplate ? tileState : 'none'} data-zoom={zoom}>
        {tiles.map((tile) => (
          <Tile key={tile.key} tile={tile} onState={setTileState} />
        ))}
        {center && width > 0 && (
          <Overlay width={width} height={height} role="img" aria-label={label}>
            {areas.map((area) => {
              const p = at(area.at);
              return (
                <circle
                  key={area.key}
                  {...area.data}
                  cx={p.x}
                  cy={p.y}
                  r={area.meters / metersPerPixel(area.at.lat, zoom)}
                  fill={translucent(area.color, 0.15)}
                  stroke={area.color}
                  strokeWidth={1}
                />
              );
            })}
            {lines.map((line) => {
              const points = line.points.map(at);
              return (
                <g key={line.key}>
                  {points.length > 1 && (
                    <polyline
                      {...line.data}
                      points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
                      fill="none"
                      stroke={line.color}
                      strokeOpacity={line.opacity}
                      strokeWidth={3}
                      strokeLinejoin="round"
                      {...(line.roundCaps ? { strokeLinecap: 'round' } : {})}
                    />
                  )}
                  {line.markers?.map(marker)}
                </g>
              );
            })}
            {markers.map(marker)}
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
                <ScaleText x={0} y={-9}>
                  {scale.label}
                </ScaleText>
              </g>
            )}
          </Overlay>
        )}
        {!center && <Empty>{emptyText}</Empty>}
        {attribution && showTiles && tileState === 'ok' && <Attribution>{attribution}</Attribution>}
      </Frame>
    </Wrapper>
  );
}

function markerShape(m: MapMarker, p: { x: number; y: number }, data?: MapData) {
  const outline = m.outline ? { stroke: '#ffffff', strokeWidth: m.outline } : {};
  return m.shape === 'square' ? (
    <rect
      {...data}
      x={p.x - m.size}
      y={p.y - m.size}
      width={m.size * 2}
      height={m.size * 2}
      fill={m.color}
      {...outline}
    />
  ) : (
    <circle {...data} cx={p.x} cy={p.y} r={m.size} fill={m.color} {...outline} />
  );
}

/** The middle of the points' bounding box; none without points. */
function middleOf(points: readonly GeoPoint[]): GeoPoint | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  return {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lon: (Math.min(...lons) + Math.max(...lons)) / 2,
  };
}

/** `#1f5fae` at 0.15 → `rgba(31, 95, 174, 0.15)`. */
function translucent(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** An element's width, followed as it resizes (the map draws for its real size). */
function useElementWidth() {
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

/** One tile image; the first that loads says "ok", a failure before any says "failed". */
function Tile({
  tile,
  onState,
}: {
  readonly tile: TileRef;
  readonly onState: (update: (state: TileState) => TileState) => void;
}) {
  return (
    <TileImage
      src={tile.url}
      alt=""
      width={256}
      height={256}
      draggable={false}
      style={{ left: tile.left, top: tile.top }}
      onLoad={() => onState(() => 'ok')}
      onError={() => onState((state) => (state === 'ok' ? state : 'failed'))}
    />
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff4e5;
  color: #6b3d00;
`;

const Frame = styled.div`
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

const TileImage = styled.img`
  position: absolute;
  width: 256px;
  height: 256px;
  max-width: none;
  user-select: none;
`;

const Overlay = styled.svg`
  position: absolute;
  inset: 0;
`;

const MarkerLabel = styled.text`
  font-size: 13px;
  font-weight: 500;
  fill: #1c1f24;
  paint-order: stroke;
  stroke: #ffffff;
  stroke-width: 3px;
`;

const MarkerNumber = styled.text`
  font-size: 11px;
  font-weight: 700;
  fill: #ffffff;
  text-anchor: middle;
`;

const ScaleText = styled.text`
  font-size: 12px;
  fill: #1c1f24;
`;

const Empty = styled.p`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  margin: 0;
  /* A long sentence on a phone wraps inside the frame instead of running to its edges. */
  padding: ${({ theme }) => theme.space[4]};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Attribution = styled.small`
  position: absolute;
  right: 0;
  bottom: 0;
  padding: 0 ${({ theme }) => theme.space[1]};
  background: rgba(255, 255, 255, 0.85);
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
