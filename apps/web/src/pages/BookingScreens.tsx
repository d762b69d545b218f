import { doBookingStepPath, returnedDeliveryOrders } from '@lms/domain';
import { BookingCalendarPage, DoBookingWizard } from '@lms/features/booking';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBranch } from '../branch/BranchProvider.tsx';
import { sharedBookingEvents } from '../events/bookingEvents.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import type { PageRouteDef } from '../shell/routeTypes.ts';
import { bangkokToday, dayParam } from './days.ts';

const bookingHref = (id: string) => `/bookingReport/show?id=${encodeURIComponent(id)}`;

/** `/doBooking`, `/doBooking/<step>?draftId=…`: the route declares the step, the query the server-side draft. */
export function DoBookingScreen({ route }: { route: PageRouteDef }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <DoBookingWizard
      step={route.step ?? 'info'}
      draftId={search.get('draftId')}
      wantedDate={dayParam(search, 'wantedDate')}
      returnedOnly={search.get(returnedDeliveryOrders.param) === 'true'}
      today={bangkokToday()}
      bookingHref={bookingHref}
      onNavigate={(next, draftId) =>
        navigate(`${doBookingStepPath(next)}${draftId ? `?draftId=${encodeURIComponent(draftId)}` : ''}`)
      }
    />
  );
}

/** `/doBooking/calendar` (spec §2): the branch's capacity and bookings; a chosen day starts a booking wanting it. */
export function DoBookingCalendarScreen() {
  const navigate = useNavigate();
  return (
    <BookingCalendarPage
      title="ปฏิทิน DO Booking"
      today={bangkokToday()}
      bookingHref={bookingHref}
      openEvents={useBranchEvents()}
      onBookDay={(day) => navigate(`${doBookingStepPath('info')}?wantedDate=${day}`)}
    />
  );
}

export function BookingCalendarScreen() {
  return (
    <BookingCalendarPage today={bangkokToday()} bookingHref={bookingHref} openEvents={useBranchEvents()} />
  );
}

/** The acting branch's live booking events, for either calendar: one stream per user and branch, kept while they stay (a new function would reconnect). */
function useBranchEvents() {
  const { branchId } = useBranch();
  const userId = useAuth().user?.userId;
  return useMemo(
    () => (userId && branchId ? sharedBookingEvents(userId, branchId) : undefined),
    [userId, branchId],
  );
}
