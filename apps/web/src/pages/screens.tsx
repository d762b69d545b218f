import { type FeatureScreen, LOGIN_PATH, type PageRouteDef, type RouteDef } from '@lms/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { HomePage } from '../home/HomePage.tsx';
import {
  ApiKeysScreen,
  BookingCalendarScreen,
  BranchSettingsScreen,
  ContactTemplatesScreen,
  DoBookingCalendarScreen,
  DoBookingScreen,
  EntityScreen,
  LocationTrackingScreen,
  PersonalDataAccessScreen,
  SelectBranchPage,
  ShipmentPlanningScreen,
} from './lazyScreens.tsx';

/** Every feature screen the domain names; a new one does not compile until it is mapped here. */
const featureScreens: Record<FeatureScreen, (route: PageRouteDef) => ReactNode> = {
  selectBranch: () => <SelectBranchPage />,
  doBooking: (route) => <DoBookingScreen route={route} />,
  doBookingCalendar: () => <DoBookingCalendarScreen />,
  bookingCalendar: () => <BookingCalendarScreen />,
  branchSettings: () => <BranchSettingsScreen />,
  locationTracking: () => <LocationTrackingScreen />,
  shipmentPlanning: () => <ShipmentPlanningScreen />,
  apiKeys: () => <ApiKeysScreen />,
  contactTemplates: () => <ContactTemplatesScreen />,
  personalDataAccess: () => <PersonalDataAccessScreen />,
};

/**
 * THE PLUG-IN POINT for screens: every route of the domain's table is rendered by what this
 * function answers, by the route's declared kind and screen key (never its path): entity routes
 * by the generic pages of `@lms/entity-pages`, feature pages (DO booking, calendars, demo) by
 * their own screens. Every screen but home is lazy (lazyScreens.tsx): its chunk loads the first
 * time a route shows it.
 */
export function screenFor(route: RouteDef): ReactNode {
  switch (route.kind) {
    case 'home':
      return <HomePage />;
    case 'login':
      // The sign-in page has its own route outside the session (routes.tsx); never reached here.
      return <Navigate to={LOGIN_PATH} replace />;
    case 'page':
      return featureScreens[route.screen](route);
    case 'list':
    case 'create':
    case 'edit':
    case 'show':
      return <EntityScreen route={route} />;
  }
}
