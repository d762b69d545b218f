export { DriverProvider, driverToday, useDriver } from './DriverProvider.tsx';
export { type PositionAdapter, PositionSource } from './geolocation.ts';
export { LinkClaimScreen } from './LinkClaimScreen.tsx';
export { SignInScreen } from './SignInScreen.tsx';
export { StopScreen } from './StopScreen.tsx';
export { type DriverSession, deleteDriverStore, openDriverStore } from './store.ts';
export { TripListScreen } from './TripListScreen.tsx';
export { TripScreen } from './TripScreen.tsx';
export { driverText } from './text.ts';
