import { LoadingScreen } from '@lms/design-system';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * The screen groups, each in its own chunk, loaded when a route first needs it: the shell
 * (sign-in, layout, home) stays small on the wire (docs/performance.md, bench/web).
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

export const EntityScreen = lazyScreen(() => import('./EntityScreen.tsx').then((m) => m.EntityScreen));
export const BranchSettingsScreen = lazyScreen(() =>
  import('./EntityScreen.tsx').then((m) => m.BranchSettingsScreen),
);
export const DoBookingScreen = lazyScreen(() =>
  import('./BookingScreens.tsx').then((m) => m.DoBookingScreen),
);
export const DoBookingCalendarScreen = lazyScreen(() =>
  import('./BookingScreens.tsx').then((m) => m.DoBookingCalendarScreen),
);
export const BookingCalendarScreen = lazyScreen(() =>
  import('./BookingScreens.tsx').then((m) => m.BookingCalendarScreen),
);
export const LocationTrackingScreen = lazyScreen(() =>
  import('./LocationTrackingScreen.tsx').then((m) => m.LocationTrackingScreen),
);
export const ShipmentPlanningScreen = lazyScreen(() =>
  import('./ShipmentPlanningScreen.tsx').then((m) => m.ShipmentPlanningScreen),
);
export const ApiKeysScreen = lazyScreen(() => import('./ApiKeysScreen.tsx').then((m) => m.ApiKeysScreen));
export const PersonalDataAccessScreen = lazyScreen(() =>
  import('./PersonalDataAccessScreen.tsx').then((m) => m.PersonalDataAccessScreen),
);
export const ContactTemplatesScreen = lazyScreen(() =>
  import('./ContactTemplatesScreen.tsx').then((m) => m.ContactTemplatesScreen),
);
export const SelectBranchPage = lazyScreen(() =>
  import('../branch/SelectBranchPage.tsx').then((m) => m.SelectBranchPage),
);
/** The customer's appointment link: no session, nothing of the shell's screens. */
export const PublicAppointmentScreen = lazyScreen(() =>
  import('./PublicAppointmentScreen.tsx').then((m) => m.PublicAppointmentScreen),
);
/** Opened on demand (or forced after a temporary password): yup and the form stay out of the shell. */
export const ChangePasswordDialog = lazyScreen(() =>
  import('../session/ChangePasswordDialog.tsx').then((m) => m.ChangePasswordDialog),
);

/** While a screen's chunk loads: the light first-load spinner (navigations keep the old page meanwhile). */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
