import { Button, DataGrid, type DataGridColumn, SelectField, useEra, useSnackbar } from '@lms/design-system';
import {
  type FreightCandidate,
  type FreightStatementState,
  type FreightStatementSummary,
  featureRoles,
  formatBaht,
  formatDateTime,
  formatMonth,
  freightStateLabel,
  freightText,
  messagesOfError,
} from '@lms/domain';
import { Page, PageHeader, useSession } from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import { useFreightApi, useFreightStatements } from './freightApi.ts';
import { freightScreenText as text } from './freightScreenText.ts';
import { Muted } from './freightStyles.ts';
import { StateBadge } from './StateBadge.tsx';

export interface FreightStatementsPageProps {
  /** `yyyy-MM`. */
  readonly month: string;
  /** The months offered, newest first (`yyyy-MM`). */
  readonly months: readonly string[];
  readonly onMonthChange: (month: string) => void;
  readonly onOpen: (id: string) => void;
  /**
   * Only the statements in this state, of every month (the home's count of statements waiting opens
   * this); `onMonthChange` leaves it for the month's list.
   */
  readonly state?: FreightStatementState | undefined;
}

/**
 * `/freightStatement` (docs/freight.md): the acting branch's statements of a month, and the
 * contractors whose trucks ran that month without one yet, each a button to draft it (EDIT).
 */
export function FreightStatementsPage({
  month,
  months,
  onMonthChange,
  onOpen,
  state,
}: FreightStatementsPageProps) {
  const { list, candidates } = useFreightStatements(month, state);
  const era = useEra();
  const { user } = useSession();
  const canDraft = !!user && featureRoles.freightStatement.edit.some((role) => user.roles.includes(role));
  const freight = useFreightApi();
  const snackbar = useSnackbar();
  const [drafting, setDrafting] = useState<string | null>(null);

  const draft = async (candidate: FreightCandidate) => {
    setDrafting(candidate.contractorId);
    try {
      const created = await freight.create(candidate.contractorId, month);
      snackbar.success(text.created(created.number));
      await Promise.all([list.mutate(), candidates.mutate()]);
      onOpen(created.id);
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setDrafting(null);
    }
  };

  const columns: DataGridColumn<FreightStatementSummary>[] = [
    { key: 'number', header: freightText.number, pin: 'start', alwaysVisible: true, render: (s) => s.number },
    ...(state
      ? [
          {
            key: 'month',
            header: freightText.month,
            render: (s: FreightStatementSummary) => formatMonth(s.month, era),
          },
        ]
      : []),
    { key: 'contractor', header: freightText.contractor, width: '16rem', render: (s) => s.contractorLabel },
    { key: 'state', header: freightText.state, render: (s) => <StateBadge state={s.state} /> },
    { key: 'trips', header: freightText.tripCount, align: 'end', render: (s) => String(s.totals.trips) },
    { key: 'total', header: freightText.total, align: 'end', render: (s) => formatBaht(s.totals.total) },
    { key: 'updatedAt', header: text.updatedAt, render: (s) => formatDateTime(s.updatedAt, era) },
    {
      key: 'open',
      header: text.actions,
      pin: 'end',
      alwaysVisible: true,
      render: (s) => (
        <Button size="sm" onPress={() => onOpen(s.id)} aria-label={text.openOf(s.number)}>
          {text.open}
        </Button>
      ),
    },
  ];
  const waiting = (candidates.data ?? []).filter((c) => c.statementId === null);

  return (
    <Page>
      <PageHeader title={freightText.title} />
      <Muted>{text.intro}</Muted>
      {state ? (
        <InState>
          <strong>{text.inState(freightStateLabel(state))}</strong>
          <Button size="sm" onPress={() => onMonthChange(month)}>
            {text.everyState(formatMonth(month, era))}
          </Button>
        </InState>
      ) : (
        <MonthPicker>
          <SelectField
            label={freightText.month}
            value={month}
            options={months.map((m) => ({ id: m, label: formatMonth(m, era) }))}
            onChange={(next) => next && onMonthChange(String(next))}
          />
        </MonthPicker>
      )}
      <DataGrid
        label={
          state ? text.inState(freightStateLabel(state)) : `${text.statements} ${formatMonth(month, era)}`
        }
        columns={columns}
        rows={list.data ?? []}
        getRowKey={(s) => s.id}
        isLoading={list.isLoading}
        error={list.error ? messagesOfError(list.error).join(' ') : null}
        onRetry={() => void list.mutate()}
        emptyMessage={state ? text.noneInState : text.empty}
        onRowAction={(s) => onOpen(s.id)}
      />
      {candidates.data && (
        <section aria-labelledby="freight-waiting">
          <h3 id="freight-waiting">{text.waiting}</h3>
          {waiting.length === 0 ? (
            <Muted>{text.noneWaiting}</Muted>
          ) : (
            <Waiting>
              {waiting.map((candidate) => (
                <li key={candidate.contractorId}>
                  <span>
                    {candidate.contractorLabel} · {text.tripsOfMonth(candidate.trips)}
                  </span>
                  {canDraft && (
                    <Button
                      size="sm"
                      variant="primary"
                      isLoading={drafting === candidate.contractorId}
                      onPress={() => void draft(candidate)}
                      aria-label={text.createFor(candidate.contractorLabel)}
                    >
                      {freightText.create}
                    </Button>
                  )}
                </li>
              ))}
            </Waiting>
          )}
        </section>
      )}
    </Page>
  );
}

const InState = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  & > strong { overflow-wrap: anywhere; }
`;

const MonthPicker = styled.div`
  max-width: 16rem;
`;

const Waiting = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  & > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  & > li > span {
    overflow-wrap: anywhere;
  }
`;
