import { type MapTiles, mapTilesApi, OSM_ATTRIBUTION } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/contract.ts';

/** No tiles: the default (outside services are off unless configured). */
export const noMapTiles: MapTiles = { tileUrlTemplate: null, attribution: OSM_ATTRIBUTION };

/**
 * The maps' tiles from the environment (docs/operations.md "Map tiles"): LMS_MAP_TILES, a tile URL
 * template over http(s) with `{z}`, `{x}` and `{y}`, and LMS_MAP_TILES_ATTRIBUTION, the credit its
 * licence asks for (OpenStreetMap's by default). Unset: no tiles. A malformed template stops the
 * server at start, as the other outside services' settings do, rather than draw broken maps.
 */
export function readMapTiles(env: NodeJS.ProcessEnv = process.env): MapTiles {
  const template = env.LMS_MAP_TILES?.trim();
  if (!template) return noMapTiles;
  if (!tileOrigin(template) || !['{z}', '{x}', '{y}'].every((part) => template.includes(part)))
    throw new Error(
      `LMS_MAP_TILES must be an http(s) URL template with {z}, {x} and {y}, got "${env.LMS_MAP_TILES}"`,
    );
  return { tileUrlTemplate: template, attribution: env.LMS_MAP_TILES_ATTRIBUTION?.trim() || OSM_ATTRIBUTION };
}

/** The tiles' origin, which the web app's CSP lets images come from; undefined when not http(s). */
export function tileOrigin(template: string): string | undefined {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, '0'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** What the maps draw on: read by anyone signed in; closed to API keys. */
export function mapTilesRoutes(tiles: MapTiles) {
  return async (fastify: FastifyInstance) => {
    typed(fastify).route({
      ...mapTilesApi.read,
      schema: { ...mapTilesApi.read.schema, tags: ['Company settings'] },
      config: { access: { signedIn: true }, apiKey: 'closed' },
      handler: () => tiles,
    });
  };
}
