import { MESSAGES } from '@lms/domain';
import { useMemo } from 'react';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { useSession } from '../session/SessionContext.tsx';
import type {
  BookingRequest,
  CalendarCell,
  CellBooking,
  ConfirmAnswer,
  DraftAllocation,
  DraftAnswer,
  SlotChoices,
  Suggestion,
} from './types.ts';

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
};

export interface CalendarQuery {
  readonly from: string;
  readonly to: string;
  readonly vehicleTypeIds?: readonly string[];
  readonly shipCondIds?: readonly string[];
}

export interface CellRef {
  readonly date: string;
  readonly shiftOfDayId: string;
  readonly vehicleTypeId: string;
}

/** The booking calls with the acting branch filled in (every one is branch-scoped). */
export function useBookingApi() {
  const api = useApi();
  const { branchId } = useSession();
  return useMemo(() => {
    const branch = () => {
      if (!branchId) throw new ApiError(400, [MESSAGES.selectCompany.text]);
      return { branchId };
    };
    return {
      branchId,
      suggest: (request: BookingRequest) => api.post<Suggestion>('/doBooking/suggestion', request, branch()),
      createDraft: (request: BookingRequest, allocations: readonly DraftAllocation[] = []) =>
        api.post<DraftAnswer>('/doBooking/draft', { ...request, allocations }, branch()),
      draft: (id: string) => api.get<DraftAnswer>('/doBooking/fineTune', { id, ...branch() }),
      slots: (id: string) => api.get<SlotChoices>('/doBooking/slots', { id, ...branch() }),
      saveAllocations: (id: string, version: number, allocations: readonly DraftAllocation[]) =>
        api.put<DraftAnswer>('/doBooking/fineTune', { version, allocations }, { id, ...branch() }),
      summary: (id: string) => api.get<DraftAnswer>('/doBooking/summary', { id, ...branch() }),
      confirm: (id: string) => api.post<ConfirmAnswer>('/doBooking/confirm', undefined, { id, ...branch() }),
      deleteDraft: (id: string) => api.delete('/doBooking/draft', { id, ...branch() }),
      cancelBooking: (id: string, reason: string) =>
        api.post<{ id: string; alreadyCanceled: boolean }>(
          `/bookingReport/${encodeURIComponent(id)}/cancel`,
          { reason },
          branch(),
        ),
      changeCallStatus: (id: string, callStatus: string) =>
        api.put<{ id: string; callStatus: string }>(
          `/bookingReport/${encodeURIComponent(id)}/callStatus`,
          { callStatus },
          branch(),
        ),
      calendar: (query: CalendarQuery) =>
        api.get<CalendarCell[]>('/bookingCalendar', { ...query, ...branch() }),
      cellBookings: (cell: CellRef) =>
        api.get<CellBooking[]>('/bookingCalendar/bookings', { ...cell, ...branch() }),
    };
  }, [api, branchId]);
}

/** The draft (request + allocations + evaluation): the wizard's state after Info. */
export function useDraft(draftId: string | null | undefined) {
  const booking = useBookingApi();
  return useSWR<DraftAnswer, ApiError>(draftId ? bookingKeys.draft(booking.branchId, draftId) : null, () =>
    booking.draft(draftId as string),
  );
}

/** Every slot of the horizon the draft's allocations may move to, with what each has left. */
export function useSlotChoices(draftId: string | null | undefined) {
  const booking = useBookingApi();
  return useSWR<SlotChoices, ApiError>(
    draftId ? bookingKeys.slots(booking.branchId, draftId) : null,
    () => booking.slots(draftId as string),
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

/** Thai messages of any failure. */
export function messagesOf(error: unknown): readonly string[] {
  if (error instanceof ApiError) return error.messages;
  return [MESSAGES.unexpectedShape.text];
}
