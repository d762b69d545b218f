import { type MapTiles, mapTilesApi, OSM_ATTRIBUTION } from '@lms/domain';
import { type ApiError, call, operationPath, useApi } from '@lms/entity-pages';
import useSWR from 'swr';

const mapTilesKey = operationPath(mapTilesApi.read);

/**
 * What a map draws on: the page's own tiles when it is given them (stories, tests: a string, or
 * null for none), else the deployment's (LMS_MAP_TILES, docs/operations.md "Map tiles"), which are
 * none unless set — map tiles are an outside service. Until the answer comes, and when it fails,
 * the map draws on a plain background.
 */
export function useMapTiles(given?: string | null): MapTiles {
  const api = useApi();
  const { data } = useSWR<MapTiles, ApiError>(given === undefined ? mapTilesKey : null, () =>
    call(api, mapTilesApi.read),
  );
  if (given !== undefined) return { tileUrlTemplate: given, attribution: OSM_ATTRIBUTION };
  return data ?? { tileUrlTemplate: null, attribution: OSM_ATTRIBUTION };
}
