import { ROLE_ADMIN } from '@lms/domain';
import { DoBookingWizard, type WizardStep } from '@lms/features/booking';
import { useState } from 'react';
import { PageHarness } from '../stories/PageHarness.tsx';
import { STORY_TODAY } from './bookingFixtures.ts';

/** The wizard as the host would drive it: step and draft id in "URL" state, shown for the play functions. */
export function WizardHarness({
  step: initialStep = 'info',
  draftId: initialDraftId = null,
  roles = [ROLE_ADMIN],
  width,
  wantedDate = null,
  returnedOnly = false,
}: {
  readonly step?: WizardStep;
  /** As opened from the DO Booking Calendar. */
  readonly wantedDate?: string | null;
  /** As opened from the home's link to book again the DOs a failed delivery sent back. */
  readonly returnedOnly?: boolean;
  readonly draftId?: string | null;
  readonly roles?: readonly string[];
  readonly width?: number;
}) {
  const [location, setLocation] = useState({ step: initialStep, draftId: initialDraftId });
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <output data-testid="location" hidden>
        {location.step}:{location.draftId ?? ''}
      </output>
      <DoBookingWizard
        step={location.step}
        draftId={location.draftId}
        today={STORY_TODAY}
        onNavigate={(step, draftId) => setLocation({ step, draftId })}
        bookingHref={(id) => `/bookingReport/show?id=${id}`}
        wantedDate={wantedDate}
        returnedOnly={returnedOnly}
      />
    </PageHarness>
  );
}

/** Records the API calls a story makes, for its play function. */
export function callRecorder() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  return {
    calls,
    onCall: (call: { method: string; path: string; body: unknown }) => calls.push(call),
    reset: () => calls.splice(0),
  };
}
