import { Button, Icon } from '@lms/design-system';
import {
  canceledAhead,
  type DriverStop,
  optionLabel,
  type StopEventInput,
  stopStatusOptions,
} from '@lms/domain';
import { useState } from 'react';
import styled from 'styled-components';
import { newUuid } from '../offline/connection.ts';
import { type ProofFile, useDriver } from './DriverProvider.tsx';
import { FailForm } from './FailForm.tsx';
import { telHref, timeText, windowText } from './format.ts';
import { Card, DriverFrame, Facts, LinkButton, LoadingOrError, Notice, Row } from './layout.tsx';
import { stepOf, tapsOpen } from './localTrip.ts';
import { NotYet } from './NotYet.tsx';
import { ProofForm } from './ProofForm.tsx';
import type { FailureInput, ProofInput } from './proofRules.ts';
import { SyncBar } from './SyncBar.tsx';
import { driverText } from './text.ts';
import { useFollowWhileRunning, useTrip } from './useLoaded.ts';

type Mode = 'view' | 'delivered' | 'partial' | 'failed';

const fileOf = (blob: Blob, name: string): ProofFile => ({ id: newUuid(), blob, name });

/**
 * One stop (issue 39): where and who (tap to call, open the phone's navigation), the DOs and their
 * quantities, the window and the ETA; then one step at a time — arrived, the outcome with its proof,
 * left. Every step is stamped with the phone's time and position and kept on the phone until sent.
 */
export function StopScreen({
  tripId,
  stopId,
  onBack,
  onSignIn,
  resizePhoto,
}: {
  readonly tripId: string;
  readonly stopId: string;
  readonly onBack: () => void;
  readonly onSignIn?: (() => void) | undefined;
  readonly resizePhoto?: (file: Blob) => Promise<Blob>;
}) {
  const { sync, flush, answer, record, positions } = useDriver();
  const [trip, retry, waitingStops] = useTrip(tripId);
  useFollowWhileRunning(tripId, trip);
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const stop = trip.kind === 'ready' ? trip.value.stops.find((s) => s.id === stopId) : undefined;

  /** One event at this stop, stamped now; files first in the queue. */
  const stamp = async (
    event: Omit<StopEventInput, 'id' | 'at' | 'stopId'>,
    files: readonly ProofFile[] = [],
  ) => {
    const position = await positions.now();
    await record(
      tripId,
      [
        {
          ...event,
          id: newUuid(),
          stopId,
          at: new Date().toISOString(),
          ...(position ? { position } : {}),
        },
      ],
      files,
    );
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const saveProof = (kind: 'delivered' | 'partial') => async (proof: ProofInput) => {
    const signature = proof.signature ? fileOf(proof.signature, 'signature.png') : undefined;
    const photos = proof.photos.map((p, i) => fileOf(p, `photo-${i + 1}.jpg`));
    await stamp(
      {
        kind,
        recipient: proof.recipient.trim(),
        ...(signature ? { signatureFileId: signature.id } : {}),
        ...(photos.length ? { photoFileIds: photos.map((p) => p.id) } : {}),
        ...(kind === 'partial'
          ? {
              quantities: Object.entries(proof.quantities).map(([deliveryOrderId, qty]) => ({
                deliveryOrderId,
                qty: qty ?? 0,
              })),
            }
          : {}),
        ...(proof.note.trim() ? { note: proof.note.trim() } : {}),
      },
      [...(signature ? [signature] : []), ...photos],
    );
    setMode('view');
  };
  const saveFailure = async (failure: FailureInput) => {
    const photos = failure.photos.map((p, i) => fileOf(p, `photo-${i + 1}.jpg`));
    await stamp(
      {
        kind: 'failed',
        ...(failure.reason ? { reason: failure.reason } : {}),
        ...(failure.reason === 'OTHER' ? { reasonText: failure.reasonText.trim() } : {}),
        ...(photos.length ? { photoFileIds: photos.map((p) => p.id) } : {}),
        ...(failure.note.trim() ? { note: failure.note.trim() } : {}),
      },
      photos,
    );
    setMode('view');
  };

  return (
    <DriverFrame
      title={stop ? `${driverText.stopNo(stop.seq)} · ${stop.shipToName}` : driverText.loading}
      onBack={mode === 'view' ? onBack : () => setMode('view')}
      status={
        <SyncBar
          sync={sync}
          onSend={() => void flush()}
          onAnswer={(keep) => void answer(keep)}
          onSignIn={onSignIn}
        />
      }
      footer={
        stop &&
        mode === 'view' &&
        (trip.kind === 'ready' && !tapsOpen(trip.value) ? (
          <NotYet trip={trip.value} />
        ) : canceledAhead(stop) ? (
          // Cancelled after the plan, not reached yet: no arrival to record (docs/driver.md).
          <Notice role="status" $tone="warning">
            <strong>{driverText.canceled}</strong> {driverText.canceledHint}
          </Notice>
        ) : (
          <StepActions
            stop={stop}
            busy={busy}
            onArrive={() => run(() => stamp({ kind: 'arrived' }))}
            onOutcome={setMode}
            onLeave={() =>
              run(async () => {
                await stamp({ kind: 'left' });
                onBack();
              })
            }
          />
        ))
      }
    >
      <LoadingOrError state={trip} onRetry={retry} />
      {stop && trip.kind === 'ready' && mode === 'view' && (
        <StopDetails stop={stop} day={trip.value.date} waiting={waitingStops.has(stop.id)} />
      )}
      {stop && (mode === 'delivered' || mode === 'partial') && (
        <ProofForm
          stop={stop}
          kind={mode}
          onSubmit={saveProof(mode)}
          onCancel={() => setMode('view')}
          {...(resizePhoto ? { resizePhoto } : {})}
        />
      )}
      {stop && mode === 'failed' && (
        <FailForm
          onSubmit={saveFailure}
          onCancel={() => setMode('view')}
          {...(resizePhoto ? { resizePhoto } : {})}
        />
      )}
    </DriverFrame>
  );
}

function StepActions({
  stop,
  busy,
  onArrive,
  onOutcome,
  onLeave,
}: {
  readonly stop: DriverStop;
  readonly busy: boolean;
  readonly onArrive: () => void;
  readonly onOutcome: (mode: Mode) => void;
  readonly onLeave: () => void;
}) {
  // Each step's buttons are keyed: a tap on "arrived" never lands on the outcome button React would
  // otherwise make of the same element when the step moves on under the driver's finger.
  switch (stepOf(stop)) {
    case 'arrive':
      return (
        <Button key="arrive" size="lg" fullWidth isLoading={busy} onPress={onArrive}>
          {driverText.arrived}
        </Button>
      );
    case 'outcome':
      return (
        <>
          <Button key="delivered" size="lg" fullWidth onPress={() => onOutcome('delivered')}>
            {driverText.delivered}
          </Button>
          <Row>
            <Half size="lg" variant="secondary" onPress={() => onOutcome('partial')}>
              {driverText.partial}
            </Half>
            <Half size="lg" variant="danger" onPress={() => onOutcome('failed')}>
              {driverText.failed}
            </Half>
          </Row>
        </>
      );
    case 'leave':
      return (
        <Button key="leave" size="lg" fullWidth isLoading={busy} onPress={onLeave}>
          {driverText.left}
        </Button>
      );
    case 'done':
      return null;
  }
}

function StopDetails({
  stop,
  day,
  waiting,
}: {
  readonly stop: DriverStop;
  /** The trip's day: a time on another day shows its date. */
  readonly day: string;
  readonly waiting: boolean;
}) {
  const status = optionLabel(stopStatusOptions, stop.status) ?? stop.status;
  return (
    <>
      <Card aria-label={stop.shipToName}>
        <Status data-status={canceledAhead(stop) ? 'CANCELED' : stop.status}>
          {canceledAhead(stop) ? driverText.canceled : status}
          {waiting ? ` · ${driverText.recordedLocally}` : ''}
        </Status>
        {stop.address && <p>{stop.address}</p>}
        <Row>
          {stop.phone && (
            <LinkButton href={telHref(stop.phone)}>
              <Icon name="person" />
              {driverText.call(stop.phone)}
            </LinkButton>
          )}
          {stop.navigationUrl ? (
            <LinkButton href={stop.navigationUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="route" />
              {driverText.navigate}
            </LinkButton>
          ) : (
            <Notice>{driverText.noCoordinates}</Notice>
          )}
        </Row>
        <Facts>
          <dt>{driverText.window}</dt>
          <dd>{windowText(stop.windowFrom, stop.windowTo, day)}</dd>
          <dt>{driverText.planned}</dt>
          <dd>{timeText(stop.plannedArrival, day)}</dd>
          {stop.eta && (
            <>
              <dt>{driverText.eta}</dt>
              <dd>
                {timeText(stop.eta, day)}
                {stop.late && <Late> · {driverText.late}</Late>}
              </dd>
            </>
          )}
          {stop.arrivedAt && (
            <>
              <dt>{driverText.arrivedAt}</dt>
              <dd>{timeText(stop.arrivedAt, day)}</dd>
            </>
          )}
          {stop.leftAt && (
            <>
              <dt>{driverText.leftAt}</dt>
              <dd>{timeText(stop.leftAt, day)}</dd>
            </>
          )}
        </Facts>
      </Card>
      <Card aria-label={driverText.orders}>
        <h2>{driverText.orders}</h2>
        <Orders>
          {stop.orders.map((order) => (
            <li key={order.deliveryOrderId}>
              <span>
                <strong>{order.docNo}</strong>
                {order.article && <span>{order.article}</span>}
              </span>
              <span>
                {order.delivered === null
                  ? driverText.qty(order.qty)
                  : driverText.deliveredQty(order.delivered, order.qty)}
              </span>
            </li>
          ))}
        </Orders>
        {!stop.proof && <Notice>{driverText.proofNeeds[stop.proofRequired]}</Notice>}
      </Card>
      {stop.proof && (
        <Card aria-label={driverText.proof}>
          <h2>{driverText.proof}</h2>
          <Facts>
            {stop.proof.recipient && (
              <>
                <dt>{driverText.recipient}</dt>
                <dd>{stop.proof.recipient}</dd>
              </>
            )}
            {stop.proof.reasonLabel && (
              <>
                <dt>{driverText.reason}</dt>
                <dd>{[stop.proof.reasonLabel, stop.proof.reasonText].filter(Boolean).join(': ')}</dd>
              </>
            )}
            {stop.proof.note && (
              <>
                <dt>{driverText.note}</dt>
                <dd>{stop.proof.note}</dd>
              </>
            )}
          </Facts>
          <Notice>
            {driverText.proofAt(timeText(stop.proof.at, day).replace(' น.', ''))}
            {stop.proof.signatureFileId ? ` · ${driverText.signature}` : ''}
            {stop.proof.photoFileIds.length
              ? ` · ${driverText.photos} ${stop.proof.photoFileIds.length}`
              : ''}
          </Notice>
        </Card>
      )}
    </>
  );
}

const Half = styled(Button)`
  flex: 1;
`;
const Status = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  &[data-status='DELIVERED'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-status='PARTIAL'] {
    color: ${({ theme }) => theme.color.warning};
  }
  &[data-status='FAILED'],
  &[data-status='CANCELED'] {
    color: ${({ theme }) => theme.color.danger};
  }
`;
const Late = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
const Orders = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li > span:first-child {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  li > span:last-child {
    white-space: nowrap;
  }
`;
