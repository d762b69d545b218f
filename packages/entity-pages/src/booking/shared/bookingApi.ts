import {
  type Answer,
  type Body,
  calendarApi,
  contactApi,
  bookingApi as contract,
  nullGuard,
  type Operation,
  pathOf,
  type Query,
} from '@lms/domain';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { ApiError } from '../../api/ApiError.ts';
import { useBranchScope } from '../../api/branchScope.ts';
import type { BookingRequest, DraftAllocation, DraftAnswer, SlotChoices, Suggestion } from './types.ts';

/** A path of the contract with its `:id` filled in. */
const pathWithId = (operation: Operation, id?: string) => pathOf(operation, id === undefined ? {} : { id });

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
    return {
      branchId,
      suggest: (request: Body<typeof contract.suggestion>) =>
        api.post<Answer<typeof contract.suggestion>>(pathWithId(contract.suggestion), request, branch()),
      createDraft: (request: BookingRequest, allocations: readonly DraftAllocation[] = []) =>
        api.post<Answer<typeof contract.createDraft>>(
          pathWithId(contract.createDraft),
          { ...request, allocations } satisfies Body<typeof contract.createDraft>,
          branch(),
        ),
      draft: (id: string) =>
        api.get<Answer<typeof contract.fineTune>>(pathWithId(contract.fineTune), { id, ...branch() }),
      slots: (id: string) =>
        api.get<Answer<typeof contract.slots>>(pathWithId(contract.slots), { id, ...branch() }),
      saveAllocations: (id: string, version: number, allocations: readonly DraftAllocation[]) =>
        api.put<Answer<typeof contract.saveAllocations>>(
          pathWithId(contract.saveAllocations),
          { version, allocations } satisfies Body<typeof contract.saveAllocations>,
          { id, ...branch() },
        ),
      summary: (id: string) =>
        api.get<Answer<typeof contract.summary>>(pathWithId(contract.summary), { id, ...branch() }),
      confirm: (id: string) =>
        api.post<Answer<typeof contract.confirm>>(pathWithId(contract.confirm), undefined, {
          id,
          ...branch(),
        }),
      deleteDraft: (id: string) => api.delete(pathWithId(contract.deleteDraft), { id, ...branch() }),
      cancelBooking: (id: string, reason: string) =>
        api.post<Answer<typeof contract.cancel>>(
          pathWithId(contract.cancel, id),
          { reason } satisfies Body<typeof contract.cancel>,
          branch(),
        ),
      changeCallStatus: (id: string, callStatus: Body<typeof contract.changeCallStatus>['callStatus']) =>
        api.put<Answer<typeof contract.changeCallStatus>>(
          pathWithId(contract.changeCallStatus, id),
          { callStatus } satisfies Body<typeof contract.changeCallStatus>,
          branch(),
        ),
      /** A fresh appointment message to the customer (docs/contact.md): 201 with it, masked. */
      resendMessage: (id: string) =>
        api.post<Answer<typeof contactApi.resendBooking>>(
          pathWithId(contactApi.resendBooking, id),
          undefined,
          branch(),
        ),
      calendar: (query: CalendarQuery) =>
        api.get<Answer<typeof calendarApi.cells>>(pathOf(calendarApi.cells), { ...query, ...branch() }),
      cellBookings: (cell: CellRef) =>
        api.get<Answer<typeof calendarApi.bookings>>(pathOf(calendarApi.bookings), { ...cell, ...branch() }),
      /** Every active booking's part per cell of a range of days (the week view's cards). */
      placed: (range: { from: string; to: string }) =>
        api.get<Answer<typeof calendarApi.placed>>(pathOf(calendarApi.placed), { ...range, ...branch() }),
      /** The engine's verdict on each target a booking's part may be moved to (nothing is written). */
      checkReschedule: (body: Body<typeof calendarApi.checkReschedule>) =>
        api.post<Answer<typeof calendarApi.checkReschedule>>(
          pathOf(calendarApi.checkReschedule),
          body,
          branch(),
        ),
      reschedule: (body: Body<typeof calendarApi.reschedule>) =>
        api.post<Answer<typeof calendarApi.reschedule>>(pathOf(calendarApi.reschedule), body, branch()),
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
