export type { Fix, GeolocationAdapter } from './geolocation.ts';
export { LocationTrackingPage, type LocationTrackingPageProps } from './LocationTrackingPage.tsx';
export type { SharedPosition } from './positionStream.ts';
