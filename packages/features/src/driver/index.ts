export { DriverProvider, driverToday, useDriver } from './DriverProvider.tsx';
export { LinkClaimScreen } from './LinkClaimScreen.tsx';
export { SignInScreen } from './SignInScreen.tsx';
export { StopScreen } from './StopScreen.tsx';
export { deleteDriverStore } from './store.ts';
export { TripListScreen } from './TripListScreen.tsx';
export { TripScreen } from './TripScreen.tsx';
export { driverText } from './text.ts';
