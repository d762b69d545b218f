/** Web Mercator (the tiles' projection): positions to pixels at a zoom, the scale bar, the fitting zoom. */

export const TILE_SIZE = 256;
const MAX_LAT = 85.05112878;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** World pixel of a position at `zoom` (the world is 256·2^zoom pixels wide). */
export function project(lat: number, lon: number, zoom: number): Point {
  const size = TILE_SIZE * 2 ** zoom;
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((lon + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

export function metersPerPixel(lat: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}

export const MIN_ZOOM = 3;
export const MAX_ZOOM = 17;

/**
 * The largest whole zoom at which every point, and every area (a circle of `meters` around `at`),
 * fits in a `width × height` view centred on `center`, `padding` pixels from each edge.
 */
export function fittingZoom(
  center: { lat: number; lon: number },
  points: readonly { lat: number; lon: number }[],
  width: number,
  height: number,
  areas: readonly { at: { lat: number; lon: number }; meters: number }[] = [],
  padding = 32,
): number {
  const halfW = Math.max(1, width / 2 - padding);
  const halfH = Math.max(1, height / 2 - padding);
  for (let zoom = MAX_ZOOM; zoom > MIN_ZOOM; zoom--) {
    const c = project(center.lat, center.lon, zoom);
    const within = (p: { lat: number; lon: number }, radius: number) => {
      const q = project(p.lat, p.lon, zoom);
      return Math.abs(q.x - c.x) + radius <= halfW && Math.abs(q.y - c.y) + radius <= halfH;
    };
    const fits =
      areas.every((area) => within(area.at, area.meters / metersPerPixel(area.at.lat, zoom))) &&
      points.every((p) => within(p, 0));
    if (fits) return zoom;
  }
  return MIN_ZOOM;
}

/** A round distance (1, 2 or 5 × 10ⁿ metres) no wider than `maxPixels`, and its width. */
export function scaleBar(
  lat: number,
  zoom: number,
  maxPixels = 100,
): { meters: number; pixels: number; label: string } {
  const mpp = metersPerPixel(lat, zoom);
  const most = mpp * maxPixels;
  const magnitude = 10 ** Math.floor(Math.log10(most));
  const meters = [5, 2, 1].map((m) => m * magnitude).find((m) => m <= most) ?? magnitude;
  const label = meters >= 1000 ? `${(meters / 1000).toLocaleString('en-US')} กม.` : `${meters} ม.`;
  return { meters, pixels: meters / mpp, label };
}

export interface TileRef {
  readonly key: string;
  readonly url: string;
  readonly left: number;
  readonly top: number;
}

/** The tiles covering a view whose top-left world pixel is `origin`, with their URLs. */
export function tilesFor(
  template: string,
  zoom: number,
  origin: Point,
  width: number,
  height: number,
): TileRef[] {
  const count = 2 ** zoom;
  const tiles: TileRef[] = [];
  for (let ty = Math.floor(origin.y / TILE_SIZE); ty * TILE_SIZE < origin.y + height; ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(origin.x / TILE_SIZE); tx * TILE_SIZE < origin.x + width; tx++) {
      const x = ((tx % count) + count) % count;
      const url = template
        .replace('{z}', String(zoom))
        .replace('{x}', String(x))
        .replace('{y}', String(ty))
        .replace('{s}', 'abc'[(x + ty) % 3]!);
      tiles.push({
        key: `${zoom}/${tx}/${ty}`,
        url,
        left: tx * TILE_SIZE - origin.x,
        top: ty * TILE_SIZE - origin.y,
      });
    }
  }
  return tiles;
}
