import { describe, expect, it } from 'vitest';
import { fittingZoom, MAX_ZOOM, MIN_ZOOM, metersPerPixel, project, scaleBar, tilesFor } from './mapMath.ts';

const bangkok = { lat: 13.7563, lon: 100.5018 };

describe('Web Mercator', () => {
  it('puts 0°, 0° in the middle of the world and the date line at its edges', () => {
    expect(project(0, 0, 0)).toEqual({ x: 128, y: 128 });
    expect(project(0, -180, 1).x).toBe(0);
    expect(project(0, 180, 1).x).toBe(512);
  });

  it('halves the metres per pixel with each zoom step', () => {
    expect(metersPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metersPerPixel(bangkok.lat, 15) / metersPerPixel(bangkok.lat, 16)).toBeCloseTo(2, 10);
  });
});

describe('fittingZoom', () => {
  it('zooms in as far as it goes on one point and out until every point fits', () => {
    expect(fittingZoom(bangkok, [bangkok], 800, 400)).toBe(MAX_ZOOM);
    const chiangMai = { lat: 18.7883, lon: 98.9853 };
    const zoom = fittingZoom(bangkok, [bangkok, chiangMai], 800, 400);
    const [c, q] = [project(bangkok.lat, bangkok.lon, zoom), project(chiangMai.lat, chiangMai.lon, zoom)];
    expect(Math.abs(q.y - c.y)).toBeLessThanOrEqual(400 / 2 - 32);
    expect(zoom).toBeGreaterThan(MIN_ZOOM);
  });

  it('keeps a whole area in view: a wide accuracy zooms out', () => {
    const near = fittingZoom(bangkok, [], 800, 400, [{ at: bangkok, meters: 10 }]);
    const wide = fittingZoom(bangkok, [], 800, 400, [{ at: bangkok, meters: 5_000 }]);
    expect(wide).toBeLessThan(near);
    expect(5_000 / metersPerPixel(bangkok.lat, wide)).toBeLessThanOrEqual(400 / 2 - 32);
  });
});

describe('scaleBar', () => {
  it('answers a round distance no wider than asked, in Thai units', () => {
    const bar = scaleBar(bangkok.lat, 15);
    expect([1, 2, 5]).toContain(bar.meters / 10 ** Math.floor(Math.log10(bar.meters)));
    expect(bar.pixels).toBeLessThanOrEqual(100);
    expect(bar.label).toMatch(/^\d+ ม\.$/);
    expect(scaleBar(bangkok.lat, 5).label).toMatch(/^[\d,]+ กม\.$/);
  });
});

describe('tilesFor', () => {
  it('covers the view with 256-pixel tiles, wrapping around the date line', () => {
    const tiles = tilesFor('https://t/{z}/{x}/{y}.png?{s}', 2, { x: -100, y: 300 }, 300, 200);
    expect(tiles.map((tile) => tile.key)).toEqual(['2/-1/1', '2/0/1']);
    expect(tiles[0]).toMatchObject({ url: 'https://t/2/3/1.png?b', left: -156, top: -44 });
  });
});
