import { type EntityParts, type RecordPartProps, useEntityMutations } from '@lms/entity-pages';
import { BookingActions } from '../booking/shared/BookingActions.tsx';
import { MessageStateBadge } from '../contact/MessageStateBadge.tsx';
import { BookingDeliveries } from '../delivery/BookingDeliveries.tsx';
import { BookingShipments } from '../shipmentPlanning/BookingShipments.tsx';
import { BookingLead, bookingLeadFields } from './BookingLead.tsx';
import { ReadOnlyChildSections } from './childSections.tsx';
import { PrintRecord, PrintSelected } from './PrintMenu.tsx';

/**
 * A booking's page offers the same actions as the booking calendar (cancel, call status). Its log
 * is the page's history tab, so the actions' own log toggle is left out here.
 */
function BookingReportActions({ entity, record }: RecordPartProps) {
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

/**
 * Booking lines are written by the booking flow: shown with the booking, never edited here. Its
 * page leads with what the planner acts on (`BookingLead`), lists the shipments carrying it and,
 * stop by stop, their deliveries with the proof.
 */
export const bookingReportParts: EntityParts = {
  RecordLead: BookingLead,
  leadFields: bookingLeadFields,
  FormSections: ReadOnlyChildSections,
  RecordActions: BookingReportActions,
  SelectionActions: PrintSelected,
  RecordSections: ({ record }) => (
    <>
      <BookingShipments bookingId={record.id} />
      <BookingDeliveries bookingId={record.id} />
    </>
  ),
  cells: { messageState: (record) => <MessageStateBadge state={record.messageState as string | null} /> },
};
