import { bangkokIsoDate, DO_BOOKING_CALENDAR_PATH, type RouteDef } from '@lms/domain';
import { BookingCalendarPage, DoBookingWizard, type WizardStep } from '@lms/entity-pages';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBranch } from '../branch/BranchProvider.tsx';
import { sharedBookingEvents } from '../events/bookingEvents.ts';
import { useAuth } from '../session/AuthProvider.tsx';

const bookingHref = (id: string) => `/bookingReport/show?id=${encodeURIComponent(id)}`;
/** Today as the planner sees it: the calendar day in Asia/Bangkok. */
const bangkokToday = () => new Date(`${bangkokIsoDate(new Date())}T00:00:00`);

const steps: readonly WizardStep[] = ['info', 'suggestion', 'fineTune', 'summary'];

/** `/doBooking`, `/doBooking/<step>?draftId=…`: the URL names the step and the server-side draft. */
export function DoBookingScreen({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const segment = route.path.split('/')[2];
  // The DO booking calendar lives inside the suggestion step.
  const step: WizardStep =
    route.path === DO_BOOKING_CALENDAR_PATH ? 'suggestion' : (steps.find((s) => s === segment) ?? 'info');
  return (
    <DoBookingWizard
      step={step}
      draftId={search.get('draftId')}
      today={bangkokToday()}
      bookingHref={bookingHref}
      onNavigate={(next, draftId) =>
        navigate(`/doBooking/${next}${draftId ? `?draftId=${encodeURIComponent(draftId)}` : ''}`)
      }
    />
  );
}

export function BookingCalendarScreen() {
  const { branchId } = useBranch();
  const userId = useAuth().user?.userId;
  // One stream per user and branch, kept while they stay (a new function would reconnect).
  const openEvents = useMemo(
    () => (userId && branchId ? sharedBookingEvents(userId, branchId) : undefined),
    [userId, branchId],
  );
  return <BookingCalendarPage today={bangkokToday()} bookingHref={bookingHref} openEvents={openEvents} />;
}
