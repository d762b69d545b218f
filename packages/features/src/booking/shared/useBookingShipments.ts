import { type Answer, shipmentPlanningApi } from '@lms/domain';
import { type ApiError, call, useBranchScope } from '@lms/entity-pages';
import useSWR from 'swr';

/**
 * The shipments carrying a booking: one request, shared by its page's lead, its stage times and the
 * cancel's question (SWR dedupes by key).
 */
export function useBookingShipments(bookingId: string) {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<Answer<typeof shipmentPlanningApi.bookingShipments>, ApiError>(
    ['bookingShipments', branchId, bookingId],
    () => call(api, shipmentPlanningApi.bookingShipments, { params: { id: bookingId }, query: branch() }),
  );
}
