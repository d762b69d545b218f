export {
  type GeoPoint,
  type MapArea,
  type MapData,
  type MapLine,
  type MapMarker,
  MapView,
  type MapViewProps,
  mapColors,
} from './MapView.tsx';
