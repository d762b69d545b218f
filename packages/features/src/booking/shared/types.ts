/**
 * The DO booking API's shapes come from the contract (`@lms/domain` api/booking.ts, api/calendar.ts):
 * the server registers its routes from the same schemas.
 */
import type { DoBookingStep, Suggestion } from '@lms/domain';

export type {
  AllocatedLine,
  Allocation,
  Amounts,
  BookingEvent,
  BookingOption,
  BookingRequest,
  CalendarCell,
  CellBooking,
  ConfirmAnswer,
  ConfirmConflict,
  DayStatus,
  DraftAllocation,
  DraftAnswer,
  DraftLine,
  EvaluatedAllocation,
  PlacedBooking,
  SlotChoice,
  SlotChoices,
  Suggestion,
  Utilization,
  WhyNot,
} from '@lms/domain';

/** An unbooked DO from the generic list (`GET deliveryOrder?isBookingEq=false`). */
export interface UnbookedDo {
  readonly id: string;
  readonly docNo: string;
  readonly customerId: string;
  readonly customerLabel?: string;
  readonly soShipToId: string | null;
  readonly soShipToLabel?: string;
  readonly shipCondId: string;
  readonly shipCondLabel?: string;
  readonly articleUomLabel?: string;
  readonly deliveryAt?: string | null;
  readonly qty?: number | null;
  readonly weight: number;
  readonly volume: number;
}

/** A suggestion the engine could search: its days are null only when the request has a `problem`. */
export type SearchedSuggestion = Suggestion & {
  readonly earliestDate: string;
  readonly from: string;
  readonly to: string;
};

export const isSearched = (suggestion: Suggestion): suggestion is SearchedSuggestion =>
  suggestion.earliestDate !== null && suggestion.from !== null && suggestion.to !== null;

/** The wizard's steps are the domain's, each with its route (`doBookingStepPath`). */
export type WizardStep = DoBookingStep;
