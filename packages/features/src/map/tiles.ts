import { type MapTiles, mapTilesApi, OSM_ATTRIBUTION } from '@lms/domain';
import { useDeploymentSetting } from '../settings/useDeploymentSetting.ts';

/**
 * What a map draws on: the page's own tiles when it is given them (stories, tests: a string, or
 * null for none), else the deployment's (LMS_MAP_TILES, docs/operations.md "Map tiles"), which are
 * none unless set — map tiles are an outside service. Until the answer comes, and when it fails,
 * the map draws on a plain background.
 */
export function useMapTiles(given?: string | null): MapTiles {
  const deployed = useDeploymentSetting(mapTilesApi.read, given === undefined);
  if (given !== undefined) return { tileUrlTemplate: given, attribution: OSM_ATTRIBUTION };
  return deployed ?? { tileUrlTemplate: null, attribution: OSM_ATTRIBUTION };
}
