import { Alert, Button, DataGrid, type DataGridColumn, useEra, useSnackbar } from '@lms/design-system';
import {
  type FreightAdjustment,
  type FreightSignOff,
  type FreightStatement,
  type FreightStatementState,
  type FreightTransition,
  type FreightTripLine,
  featureRoles,
  formatBaht,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  freightEventText,
  freightMovesFor,
  freightStateLabel,
  freightText,
  freightTransitionRefusal,
  isFreightStatementEditable,
  isFreightStatementFinal,
  MESSAGES,
  messagesOfError,
  tripRateText,
  UI_TEXT,
} from '@lms/domain';
import { Page, PageHeader, saveBlob, usePdfTab, useSession } from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import { AdjustmentForm } from './AdjustmentForm.tsx';
import { useFreightApi, useFreightStatement } from './freightApi.ts';
import { freightScreenText as text } from './freightScreenText.ts';
import { Muted } from './freightStyles.ts';
import { StateBadge } from './StateBadge.tsx';

export interface FreightStatementPageProps {
  readonly id: string;
  readonly onBack: () => void;
}

/** The user's era (พ.ศ. or ค.ศ.), as every staff screen's dates follow it. */
type Era = { readonly buddhistEra: boolean };

const signOffText = (who: FreightSignOff, era: Era) =>
  who ? text.by(who.userLabel, formatDateTime(who.at, era)) : UI_TEXT.empty;

/** The figures a checker reads first come first; plate, driver and the fee's parts after them. */
const tripColumnsOf = (era: Era): DataGridColumn<FreightTripLine>[] => [
  {
    key: 'day',
    header: freightText.day,
    pin: 'start',
    alwaysVisible: true,
    render: (t) => (t.late ? `${formatDate(t.day, era)} (${freightText.late})` : formatDate(t.day, era)),
  },
  { key: 'docNo', header: freightText.shipment, render: (t) => t.docNo },
  { key: 'vehicleType', header: freightText.vehicleType, render: (t) => t.vehicleTypeLabel ?? UI_TEXT.empty },
  { key: 'drops', header: freightText.drops, align: 'end', render: (t) => String(t.drops) },
  {
    key: 'distance',
    header: freightText.distance,
    align: 'end',
    render: (t) => formatNumber(t.distanceKm, 2),
  },
  { key: 'tier', header: freightText.tier, width: '14rem', render: (t) => tripRateText(t) },
  { key: 'fee', header: freightText.fee, align: 'end', pin: 'end', render: (t) => formatBaht(t.fee) },
  {
    key: 'distanceFee',
    header: freightText.distanceFee,
    align: 'end',
    render: (t) => formatBaht(t.distanceFee),
  },
  {
    key: 'extraDropFee',
    header: freightText.extraDropFee,
    align: 'end',
    render: (t) => formatBaht(t.extraDropFee),
  },
  { key: 'plate', header: freightText.plate, render: (t) => t.licensePlate ?? UI_TEXT.empty },
  { key: 'driver', header: freightText.driver, render: (t) => t.driverName ?? UI_TEXT.empty },
];

/**
 * `/freightStatement?id=…` (docs/freight.md): one contractor's month — its figures, trips and
 * adjustments, the moves the user's roles allow, PDF and Excel, and its history.
 */
export function FreightStatementPage({ id, onBack }: FreightStatementPageProps) {
  const era = useEra();
  const { statement, history } = useFreightStatement(id);
  const freight = useFreightApi();
  const snackbar = useSnackbar();
  const { user } = useSession();
  const roles = user?.roles ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const pdf = usePdfTab();
  const s = statement.data;

  /** Runs a change, shows the statement it answers (or the server's Thai refusal), reads the history again. */
  const change = async (
    key: string,
    run: (current: FreightStatement) => Promise<FreightStatement>,
    done: string,
  ) => {
    if (!s) return;
    setBusy(key);
    try {
      await statement.mutate(await run(s), { revalidate: false });
      snackbar.success(done);
    } catch (error) {
      snackbar.error(messagesOfError(error));
      await statement.mutate();
    } finally {
      setBusy(null);
      await history.mutate();
    }
  };

  const excel = async () => {
    if (!s) return;
    setBusy('excel');
    try {
      const { blob, fileName } = await freight.excel(s.id);
      saveBlob(blob, fileName ?? `${s.number}.xlsx`);
    } catch (error) {
      snackbar.error(error ? messagesOfError(error) : MESSAGES.downloadFailed.text);
    } finally {
      setBusy(null);
    }
  };

  if (!s) {
    return (
      <Page>
        <PageHeader title={freightText.title}>
          <Button variant="secondary" onPress={onBack}>
            {text.back}
          </Button>
        </PageHeader>
        {statement.error ? (
          <Alert>{messagesOfError(statement.error).join(' ')}</Alert>
        ) : (
          <Muted role="status">{UI_TEXT.loading}</Muted>
        )}
      </Page>
    );
  }

  const canEdit = featureRoles.freightStatement.edit.some((role) => roles.includes(role));
  const editable = canEdit && isFreightStatementEditable(s.state);
  const moves = freightMovesFor(s.state, roles);
  // The checker's own approval, refused by the rule the server applies: said before the press, not after.
  const separated = new Map<FreightStatementState, string>();
  for (const m of moves) {
    const refusal = freightTransitionRefusal({
      from: s.state,
      to: m.to,
      roles,
      userId: user?.userId ?? '',
      checkedBy: s.checked?.userId ?? null,
      unpricedTrips: [],
    });
    if (refusal?.rule === 'separation') separated.set(m.to, refusal.message);
  }
  const separationNote = [...separated.values()][0];
  const unpriced = s.trips.filter((t) => t.problem !== null).length;
  const move = (m: FreightTransition) =>
    change(
      m.to,
      (current) => freight.transition(current.id, current.version, m.to),
      text.moved(freightStateLabel(m.to)),
    );

  const adjustmentColumns: DataGridColumn<FreightAdjustment>[] = [
    {
      key: 'at',
      header: freightText.day,
      pin: 'start',
      alwaysVisible: true,
      render: (a) => formatDateTime(a.at, era),
    },
    { key: 'reason', header: freightText.reason, width: '20rem', render: (a) => a.reason },
    { key: 'who', header: freightText.adjustedBy, render: (a) => a.userLabel ?? UI_TEXT.empty },
    { key: 'amount', header: freightText.amount, align: 'end', render: (a) => formatBaht(a.amount) },
    ...(editable
      ? [
          {
            key: 'remove',
            header: text.actions,
            pin: 'end' as const,
            alwaysVisible: true,
            render: (a: FreightAdjustment) => (
              <Button
                size="sm"
                variant="danger"
                isLoading={busy === a.id}
                onPress={() =>
                  void change(
                    a.id,
                    (current) => freight.removeAdjustment(current.id, a.id, current.version),
                    text.removed,
                  )
                }
                aria-label={text.removeOf(a.reason)}
              >
                {freightText.removeAdjustment}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page>
      <PageHeader title={`${freightText.title} ${s.number}`}>
        <Button variant="secondary" onPress={onBack}>
          {text.back}
        </Button>
        <Button
          variant="secondary"
          isLoading={pdf.busy}
          onPress={() => void pdf.open(() => freight.pdf(s.id))}
        >
          {freightText.pdf}
        </Button>
        <Button variant="secondary" isLoading={busy === 'excel'} onPress={() => void excel()}>
          {freightText.excel}
        </Button>
      </PageHeader>
      <Facts>
        <Fact label={freightText.contractor} value={s.contractorLabel} />
        <Fact label={freightText.month} value={formatMonth(s.month, era)} />
        <div>
          <dt>{freightText.state}</dt>
          <dd>
            <StateBadge state={s.state} />
          </dd>
        </div>
        <Fact label={freightText.tripCount} value={String(s.totals.trips)} />
        <Fact label={freightText.totalDistance} value={formatNumber(s.totals.distanceKm, 2)} />
        <Fact label={freightText.tripFees} value={formatBaht(s.totals.tripFees)} />
        <Fact label={freightText.adjustmentsTotal} value={formatBaht(s.totals.adjustments)} />
        <Fact label={freightText.total} value={formatBaht(s.totals.total)} strong />
        <Fact label={freightText.created} value={signOffText(s.created, era)} />
        <Fact label={freightText.checked} value={signOffText(s.checked, era)} />
        <Fact label={freightText.approved} value={signOffText(s.approved, era)} />
        <Fact label={freightText.exported} value={signOffText(s.exported, era)} />
      </Facts>
      {isFreightStatementFinal(s.state) && <Note>{text.readOnly}</Note>}
      {s.state === 'CHECKED' && <Note>{text.checkedOnly}</Note>}
      {unpriced > 0 && <Alert tone="warning">{text.unpriced(unpriced)}</Alert>}
      {(moves.length > 0 || editable) && (
        <Actions role="group" aria-label={text.actions}>
          {editable && (
            <Button
              variant="secondary"
              isLoading={busy === 'recalculate'}
              onPress={() =>
                void change(
                  'recalculate',
                  (current) => freight.recalculate(current.id, current.version),
                  text.recalculated,
                )
              }
            >
              {freightText.recalculate}
            </Button>
          )}
          {moves.map((m) => (
            <Button
              key={m.to}
              variant={m.to === 'DRAFT' ? 'secondary' : 'primary'}
              isLoading={busy === m.to}
              isDisabled={separated.has(m.to)}
              aria-describedby={separated.has(m.to) ? SEPARATION_NOTE : undefined}
              onPress={() => void move(m)}
            >
              {m.label}
            </Button>
          ))}
          {separationNote && <Muted id={SEPARATION_NOTE}>{separationNote}</Muted>}
        </Actions>
      )}
      <section aria-labelledby="freight-trips">
        <h3 id="freight-trips">{freightText.trips}</h3>
        <DataGrid
          label={freightText.trips}
          columns={tripColumnsOf(era)}
          rows={s.trips}
          getRowKey={(t) => t.shipmentId}
          emptyMessage={freightText.noTrips}
        />
      </section>
      <section aria-labelledby="freight-adjustments">
        <h3 id="freight-adjustments">{freightText.adjustments}</h3>
        <DataGrid
          label={freightText.adjustments}
          columns={adjustmentColumns}
          rows={s.adjustments}
          getRowKey={(a) => a.id}
          emptyMessage={freightText.noAdjustments}
        />
        {editable && (
          <AdjustmentForm
            isSaving={busy === 'adjust'}
            onSave={(amount, reason) =>
              change(
                'adjust',
                (current) => freight.addAdjustment(current.id, { version: current.version, amount, reason }),
                text.adjusted,
              )
            }
          />
        )}
      </section>
      <section aria-labelledby="freight-history">
        <h3 id="freight-history">{freightText.history}</h3>
        {history.data?.length ? (
          <History>
            {history.data.map((event) => (
              <li key={event.id}>
                <span>{freightEventText(event)}</span>
                <Muted>{text.by(event.userLabel, formatDateTime(event.at, era))}</Muted>
              </li>
            ))}
          </History>
        ) : (
          <Muted>{history.error ? messagesOfError(history.error).join(' ') : text.noHistory}</Muted>
        )}
      </section>
    </Page>
  );
}

function Fact({
  label,
  value,
  strong,
}: {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{strong ? <strong>{value}</strong> : value}</dd>
    </div>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  & dt { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  & dd { margin: 0; overflow-wrap: anywhere; }
`;

/** The separation rule's words, describing the move it holds back. */
const SEPARATION_NOTE = 'freight-separation';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-left: 4px solid ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.background};
`;

const History = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  & > li { display: flex; flex-direction: column; overflow-wrap: anywhere; }
`;
