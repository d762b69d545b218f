import { OSM_ATTRIBUTION } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { readMapTiles } from '../src/settings/mapTiles.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** The CSP's img-src of an answer, as its sources. */
const imgSrc = (response: Response) =>
  (response.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'img-src')
    ?.slice(1);

describe('map tiles: an outside service, off unless the deployment sets them', () => {
  const plain = setupTestServer();
  const tiled = setupTestServer({
    app: () => ({
      mapTiles: readMapTiles({
        LMS_MAP_TILES: 'https://tiles.example.test/osm/{z}/{x}/{y}.png',
        LMS_MAP_TILES_ATTRIBUTION: '© ตัวอย่างแผนที่',
      }),
    }),
  });

  it('by default: no tiles for the maps, and images from no other origin', async () => {
    const token = await signIn(plain.api, await createUser(plain.db, { roles: ['ROLE_ADMIN'] }));
    const answer = await call(plain.api, 'GET', '/settings/mapTiles', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ tileUrlTemplate: null, attribution: OSM_ATTRIBUTION });
    expect(imgSrc(await fetch(`${plain.api}/health`))).toEqual(["'self'", 'data:', 'blob:']);
    expect((await call(plain.api, 'GET', '/settings/mapTiles')).status).toBe(401);
  });

  it('set: the maps get the template and its credit, and the CSP lets its origin’s images in', async () => {
    const token = await signIn(tiled.api, await createUser(tiled.db, { roles: [] }));
    const answer = await call(tiled.api, 'GET', '/settings/mapTiles', { token });
    expect(answer.body).toEqual({
      tileUrlTemplate: 'https://tiles.example.test/osm/{z}/{x}/{y}.png',
      attribution: '© ตัวอย่างแผนที่',
    });
    expect(imgSrc(await fetch(`${tiled.api}/health`))).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tiles.example.test',
    ]);
  });

  it('a malformed template stops the server at start, naming the setting', () => {
    for (const template of [
      'ftp://tiles.example.test/{z}/{x}/{y}.png',
      'https://tiles.example.test/map.png',
      'tiles',
    ])
      expect(() => readMapTiles({ LMS_MAP_TILES: template }), template).toThrow(/LMS_MAP_TILES/);
    expect(readMapTiles({ LMS_MAP_TILES: '  ' }).tileUrlTemplate).toBeNull();
    expect(readMapTiles({ LMS_MAP_TILES: 'http://tiles.internal:8080/{z}/{x}/{y}.png' }).attribution).toBe(
      OSM_ATTRIBUTION,
    );
  });
});
