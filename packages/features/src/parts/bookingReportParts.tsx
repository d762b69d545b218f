import { type RecordPartProps, useEntityMutations } from '@lms/entity-pages';
import { BookingActions } from '../booking/shared/BookingActions.tsx';
import { BookingDeliveries } from '../delivery/BookingDeliveries.tsx';
import { BookingShipments } from '../shipmentPlanning/BookingShipments.tsx';
import { PrintRecord } from './PrintMenu.tsx';

/**
 * A booking's page offers the same actions as the booking calendar (cancel, call status). Its log
 * is the page's history tab, so the actions' own log toggle is left out here.
 */
export function BookingReportActions({ entity, record }: RecordPartProps) {
  const { revalidate } = useEntityMutations(entity);
  return (
    <>
      <PrintRecord entity={entity} record={record} />
      <BookingActions
        key={`${record.id}-${record.version ?? ''}`}
        bookingId={record.id}
        docNo={typeof record.docNo === 'string' ? record.docNo : undefined}
        callStatus={typeof record.callStatus === 'string' ? record.callStatus : null}
        isCanceled={record.status === 'CANCELED'}
        showLog={false}
        onChanged={() => void revalidate()}
      />
    </>
  );
}

/** The booking's shipments, then stop by stop their deliveries with the proof. */
export function BookingReportSections({ record }: RecordPartProps) {
  return (
    <>
      <BookingShipments bookingId={record.id} />
      <BookingDeliveries bookingId={record.id} />
    </>
  );
}
