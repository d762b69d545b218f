import type { FeatureScreen, RouteDef } from '@lms/domain';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { HomePage } from '../home/HomePage.tsx';
import { HOST_TEXT } from '../text.ts';
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

/**
 * THE PLUG-IN POINT for screens: every route of the domain's table is rendered by what this
 * function answers: entity routes by the generic pages of `@lms/entity-pages`, feature pages
 * (DO booking, calendars, demo) by their own screens. Every screen but home is lazy
 * (lazyScreens.tsx): its chunk loads the first time a route shows it.
 */
/** Every feature screen the domain names; a new one does not compile until it is mapped here. */
const featureScreens: Record<FeatureScreen, (route: RouteDef) => ReactNode> = {
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

export function screenFor(route: RouteDef): ReactNode {
  switch (route.kind) {
    case 'home':
      return <HomePage />;
    case 'page':
      return route.screen ? featureScreens[route.screen](route) : <Placeholder route={route} />;
    case 'list':
    case 'create':
    case 'edit':
    case 'show':
      return <EntityScreen route={route} />;
    default:
      return <Placeholder route={route} />;
  }
}

function Placeholder({ route }: { route: RouteDef }) {
  return (
    <Card data-placeholder={route.kind}>
      <h2>{route.title}</h2>
      <p>{HOST_TEXT.comingSoon}</p>
    </Card>
  );
}

const Card = styled.section`
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  & h2 { margin: 0 0 ${({ theme }) => theme.space[2]}; font-size: ${({ theme }) => theme.font.size.lg}; }
  & p { margin: 0; color: ${({ theme }) => theme.color.textMuted}; }
`;
