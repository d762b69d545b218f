import { useEra } from '@lms/design-system';
import {
  type Answer,
  type BookingDelivery,
  bookingDeliveryText,
  deliveryApi,
  formatDateTime,
  optionLabel,
  stopStatusOptions,
  THUMBNAIL_FIT,
} from '@lms/domain';
import { type ApiError, call, useBranchScope, useThumbnail } from '@lms/entity-pages';
import styled from 'styled-components';
import useSWR from 'swr';
import { Facts as DriverFacts } from '../driver/layout.tsx';

/** The section's words: the domain's, shared with the printed delivery note and slip. */
export const deliveriesText = bookingDeliveryText;

const PROOF_THUMB = 120;

/**
 * A booking's deliveries on its page (issue 39 item 4): per stop that carried it, the arrival and
 * departure, the proof (recipient, time, signature and photo thumbnails, reason, note), the
 * quantities delivered per DO, and what went back to booking (with the booking that took it again).
 */
export function BookingDeliveries({ bookingId }: { readonly bookingId: string }) {
  const { api, branchId, branch } = useBranchScope();
  const deliveries = useSWR<Answer<typeof deliveryApi.bookingDeliveries>, ApiError>(
    ['bookingDeliveries', branchId, bookingId],
    () => call(api, deliveryApi.bookingDeliveries, { params: { id: bookingId }, query: branch() }),
  );
  return (
    <Section aria-labelledby={`deliveries-${bookingId}`}>
      <h3 id={`deliveries-${bookingId}`}>{deliveriesText.title}</h3>
      {deliveries.error && <p role="alert">{deliveries.error.messages.join('\n')}</p>}
      {deliveries.isLoading && <p role="status">{deliveriesText.loading}</p>}
      {deliveries.data?.length === 0 && <p>{deliveriesText.none}</p>}
      {deliveries.data?.map((delivery) => (
        <Delivery key={delivery.stop.id} delivery={delivery} />
      ))}
    </Section>
  );
}

function Delivery({ delivery }: { readonly delivery: BookingDelivery }) {
  const { stop, proof } = delivery;
  const era = useEra();
  const status = optionLabel(stopStatusOptions, stop.status) ?? stop.status;
  return (
    <Card aria-label={deliveriesText.stop(delivery.shipmentDocNo, stop.seq)}>
      <h4>
        {deliveriesText.stop(delivery.shipmentDocNo, stop.seq)} ·{' '}
        <span data-status={stop.status}>{status}</span>
      </h4>
      <Facts>
        {stop.arrivedAt && (
          <>
            <dt>{deliveriesText.arrived}</dt>
            <dd>{formatDateTime(stop.arrivedAt, era)}</dd>
          </>
        )}
        {stop.leftAt && (
          <>
            <dt>{deliveriesText.left}</dt>
            <dd>{formatDateTime(stop.leftAt, era)}</dd>
          </>
        )}
        {proof?.recipient && (
          <>
            <dt>{deliveriesText.recipient}</dt>
            <dd>{proof.recipient}</dd>
          </>
        )}
        {proof && (
          <>
            <dt>{deliveriesText.recordedAt}</dt>
            <dd>{formatDateTime(proof.at, era)}</dd>
          </>
        )}
        {proof?.reasonLabel && (
          <>
            <dt>{deliveriesText.reason}</dt>
            <dd>{[proof.reasonLabel, proof.reasonText].filter(Boolean).join(': ')}</dd>
          </>
        )}
        {proof?.note && (
          <>
            <dt>{deliveriesText.note}</dt>
            <dd>{proof.note}</dd>
          </>
        )}
        <dt>{deliveriesText.orders}</dt>
        <dd>
          {delivery.orders.map((o) => (
            <span key={o.deliveryOrderId}>{deliveriesText.delivered(o.docNo, o.delivered, o.qty)}</span>
          ))}
        </dd>
      </Facts>
      {proof && (proof.signatureFileId || proof.photoFileIds.length > 0) && (
        <Thumbs>
          {proof.signatureFileId && <Thumb fileId={proof.signatureFileId} alt={deliveriesText.signature} />}
          {proof.photoFileIds.map((id, i) => (
            <Thumb key={id} fileId={id} alt={deliveriesText.photo(i + 1)} />
          ))}
        </Thumbs>
      )}
      {delivery.returns.length > 0 && (
        <ul>
          {delivery.returns.map((r) => (
            <li key={r.deliveryOrderId}>
              {deliveriesText.returned(r.docNo, r.qty, r.reasonLabel)}
              {r.rebookedBookingDocNo && ` · ${deliveriesText.rebooked(r.rebookedBookingDocNo)}`}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A proof's image through the file store's thumbnails (readable to who reads the booking). */
function Thumb({ fileId, alt }: { readonly fileId: string; readonly alt: string }) {
  const url = useThumbnail(fileId, PROOF_THUMB, THUMBNAIL_FIT.avatar);
  return (
    <li>
      {url ? <img src={url} alt={alt} width={PROOF_THUMB} height={PROOF_THUMB} /> : <Blank>{alt}</Blank>}
    </li>
  );
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  & > h3 {
    margin: 0;
  }
`;
const Card = styled.section`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space[3]};
  overflow-wrap: anywhere;
  h4 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
  }
  [data-status='DELIVERED'] {
    color: ${({ theme }) => theme.color.success};
  }
  [data-status='PARTIAL'] {
    color: ${({ theme }) => theme.color.warning};
  }
  [data-status='FAILED'] {
    color: ${({ theme }) => theme.color.danger};
  }
  ul {
    margin: ${({ theme }) => theme.space[2]} 0 0;
  }
`;
/** The driver's facts list; a DO per line. */
const Facts = styled(DriverFacts)`
  dd {
    display: flex;
    flex-direction: column;
  }
`;
const Thumbs = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  img {
    display: block;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
  }
`;
const Blank = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${PROOF_THUMB}px;
  height: ${PROOF_THUMB}px;
  border: 1px dashed ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;
