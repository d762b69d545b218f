import { type CustomerDelivery, deliveryApi, deliveryStatusText, formatTime } from '@lms/domain';
import { call, useApi } from '@lms/entity-pages';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; deliveries: readonly CustomerDelivery[] }
  | { kind: 'error' };

/**
 * The delivery's state on the customer's appointment page (issue 39): planned, on the way (stops
 * before theirs, the ETA), arrived, delivered or partly (time, recipient, quantities: the proof a
 * customer may see), not delivered (the reason and what happens next). Nothing before a trip is
 * planned; a failure to read it never hides the appointment.
 */
export function DeliveryStatus({ token }: { readonly token: string }) {
  const api = useApi();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    call(api, deliveryApi.customer, {
      params: { token },
      options: { auth: false, redirectOnUnauthorized: false },
    }).then(
      (deliveries) => live && setLoad({ kind: 'ready', deliveries }),
      () => live && setLoad({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [api, token]);
  // Quiet while it loads: the appointment above is the page's news, its status line the only one.
  if (load.kind === 'loading') return <Muted>{deliveryStatusText.loading}</Muted>;
  if (load.kind === 'error') return <Muted>{deliveryStatusText.error}</Muted>;
  return <DeliveryStatusView deliveries={load.deliveries} />;
}

export function DeliveryStatusView({ deliveries }: { readonly deliveries: readonly CustomerDelivery[] }) {
  if (deliveries.length === 0) return null;
  return (
    <Section aria-label={deliveryStatusText.title}>
      <h2>{deliveryStatusText.title}</h2>
      {deliveries.map((d) => (
        <State key={`${d.state}:${d.orders.map((o) => o.docNo).join(',')}`} data-state={d.state}>
          <strong>{d.stateLabel}</strong>
          {d.state === 'PLANNED' && d.plannedTime && <span>{deliveryStatusText.planned(d.plannedTime)}</span>}
          {d.state === 'ON_THE_WAY' && <span>{deliveryStatusText.onTheWay(d.stopsBefore ?? 0, d.eta)}</span>}
          {d.state === 'ARRIVED' && <span>{deliveryStatusText.arrived}</span>}
          {(d.state === 'DELIVERED' || d.state === 'PARTIAL') && (
            <>
              {d.deliveredAt && <span>{deliveryStatusText.deliveredAt(formatTime(d.deliveredAt))}</span>}
              {d.recipient && <span>{deliveryStatusText.recipient(d.recipient)}</span>}
            </>
          )}
          {d.state === 'FAILED' && (
            <>
              {d.reasonLabel && <span>{deliveryStatusText.reason(d.reasonLabel)}</span>}
              {d.next && <Next>{d.next}</Next>}
            </>
          )}
          {d.orders.length > 0 && d.state !== 'PLANNED' && d.state !== 'ON_THE_WAY' && (
            <Orders>
              {d.orders.map((o) => (
                <li key={o.docNo}>{deliveryStatusText.ordered(o.docNo, o.qty, o.delivered)}</li>
              ))}
            </Orders>
          )}
        </State>
      ))}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;
const State = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 6px solid ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.surface};
  overflow-wrap: anywhere;
  strong {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  &[data-state='DELIVERED'] {
    border-left-color: ${({ theme }) => theme.color.success};
  }
  &[data-state='PARTIAL'] {
    border-left-color: ${({ theme }) => theme.color.warning};
  }
  &[data-state='FAILED'] {
    border-left-color: ${({ theme }) => theme.color.danger};
  }
`;
const Next = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
const Orders = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
`;
const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
