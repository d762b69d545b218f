import {
  type Body,
  calendarApi,
  contactApi,
  bookingApi as contract,
  nullGuard,
  type Query,
} from '@lms/domain';
import { type ApiError, call, useBranchScope } from '@lms/entity-pages';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { BookingRequest, DraftAllocation, DraftAnswer, SlotChoices, Suggestion } from './types.ts';

/** SWR keys of the booking screens; the branch is in every key. */
export const bookingKeys = {
  draft: (branchId: string | null, id: string) => ['doBooking', 'draft', branchId, id] as const,
  slots: (branchId: string | null, draftId: string) => ['doBooking', 'slots', branchId, draftId] as const,
  suggestion: (branchId: string | null, request: BookingRequest) =>
    ['doBooking', 'suggestion', branchId, JSON.stringify(request)] as const,
  calendar: (branchId: string | null, query: CalendarQuery) =>
    ['bookingCalendar', 'cells', branchId, JSON.stringify(query)] as const,
  cellBookings: (branchId: string | null, cell: CellRef) =>
    ['bookingCalendar', 'bookings', branchId, cell.date, cell.shiftOfDayId, cell.vehicleTypeId] as const,
  placed: (branchId: string | null, range: { from: string; to: string }) =>
    ['bookingCalendar', 'placed', branchId, range.from, range.to] as const,
};

export type CalendarQuery = Query<typeof calendarApi.cells>;
export type CellRef = Query<typeof calendarApi.bookings>;

/** The booking calls with the acting branch filled in (every one is branch-scoped). */
export function useBookingApi() {
  const { api, branchId, branch } = useBranchScope();
  return useMemo(() => {
    const draftQuery = (id: string) => ({ query: { id, ...branch() } });
    return {
      branchId,
      suggest: (request: Body<typeof contract.suggestion>) =>
        call(api, contract.suggestion, { body: request, query: branch() }),
      createDraft: (request: BookingRequest, allocations: readonly DraftAllocation[] = []) =>
        call(api, contract.createDraft, { body: { ...request, allocations }, query: branch() }),
      draft: (id: string) => call(api, contract.fineTune, draftQuery(id)),
      slots: (id: string) => call(api, contract.slots, draftQuery(id)),
      saveAllocations: (id: string, version: number, allocations: readonly DraftAllocation[]) =>
        call(api, contract.saveAllocations, { body: { version, allocations }, ...draftQuery(id) }),
      summary: (id: string) => call(api, contract.summary, draftQuery(id)),
      confirm: (id: string) => call(api, contract.confirm, draftQuery(id)),
      deleteDraft: (id: string) => call(api, contract.deleteDraft, draftQuery(id)),
      cancelBooking: (id: string, reason: string) =>
        call(api, contract.cancel, { params: { id }, body: { reason }, query: branch() }),
      changeCallStatus: (id: string, callStatus: Body<typeof contract.changeCallStatus>['callStatus']) =>
        call(api, contract.changeCallStatus, { params: { id }, body: { callStatus }, query: branch() }),
      /** A fresh appointment message to the customer (docs/contact.md): 201 with it, masked. */
      resendMessage: (id: string) => call(api, contactApi.resendBooking, { params: { id }, query: branch() }),
      calendar: (query: CalendarQuery) => call(api, calendarApi.cells, { query: { ...query, ...branch() } }),
      cellBookings: (cell: CellRef) => call(api, calendarApi.bookings, { query: { ...cell, ...branch() } }),
      /** Every active booking's part per cell of a range of days (the week view's cards). */
      placed: (range: { from: string; to: string }) =>
        call(api, calendarApi.placed, { query: { ...range, ...branch() } }),
      /** The engine's verdict on each target a booking's part may be moved to (nothing is written). */
      checkReschedule: (body: Body<typeof calendarApi.checkReschedule>) =>
        call(api, calendarApi.checkReschedule, { body, query: branch() }),
      reschedule: (body: Body<typeof calendarApi.reschedule>) =>
        call(api, calendarApi.reschedule, { body, query: branch() }),
    };
  }, [api, branchId, branch]);
}

/** The draft (request + allocations + evaluation): the wizard's state after Info. */
export function useDraft(draftId: string | null | undefined) {
  const booking = useBookingApi();
  return useSWR<DraftAnswer, ApiError>(draftId ? bookingKeys.draft(booking.branchId, draftId) : null, () =>
    booking.draft(nullGuard(draftId)),
  );
}

/** Every slot of the horizon the draft's allocations may move to, with what each has left. */
export function useSlotChoices(draftId: string | null | undefined) {
  const booking = useBookingApi();
  return useSWR<SlotChoices, ApiError>(
    draftId ? bookingKeys.slots(booking.branchId, draftId) : null,
    () => booking.slots(nullGuard(draftId)),
    { revalidateOnFocus: false },
  );
}

/** The ranked options and why-not reasons for a request. */
export function useSuggestion(request: BookingRequest | null | undefined) {
  const booking = useBookingApi();
  return useSWR<Suggestion, ApiError>(
    request ? bookingKeys.suggestion(booking.branchId, request) : null,
    () => booking.suggest(request as BookingRequest),
    { revalidateOnFocus: false },
  );
}
