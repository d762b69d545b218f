/** The tiles the app's maps draw on, configured here only: OpenStreetMap's standard layer (`{z}/{x}/{y}`). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's licence asks for this credit wherever its tiles show. */
export const OSM_ATTRIBUTION = '© ผู้ร่วมพัฒนา OpenStreetMap';
