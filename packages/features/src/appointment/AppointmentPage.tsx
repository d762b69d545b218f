import { Button } from '@lms/design-system';
import {
  appointmentApi,
  appointmentText,
  formatDate,
  type MoveOption,
  type PublicAppointment,
} from '@lms/domain';
import { ApiError, call, useApi } from '@lms/entity-pages';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { DeliveryStatus } from './DeliveryStatus.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; appointment: PublicAppointment; note?: string }
  | {
      kind: 'options';
      appointment: PublicAppointment;
      options: readonly MoveOption[];
      /** Why there is nothing to choose (the server's words), when it says. */
      reason?: string | null;
    }
  | { kind: 'gone'; message: string }
  | { kind: 'error'; message: string };

const noSession = { auth: false, redirectOnUnauthorized: false } as const;
const shiftText = appointmentText.shiftOf;

/**
 * The customer's appointment page (`/public/appointment/{token}`): no sign-in, phone first. Shows
 * the appointment, lets the customer confirm it or move it to a slot the server offers.
 */
export function AppointmentPage({ token }: { readonly token: string }) {
  const api = useApi();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  const fail = useCallback((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410))
      setState({
        kind: 'gone',
        message: error.status === 404 ? appointmentText.notFound : error.messages[0]!,
      });
    else
      setState({
        kind: 'error',
        message: error instanceof ApiError ? error.messages[0]! : appointmentText.error,
      });
  }, []);

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    call(api, appointmentApi.read, { params: { token }, options: noSession }).then(
      (appointment) => setState({ kind: 'ready', appointment }),
      fail,
    );
  }, [api, token, fail]);
  useEffect(load, [load]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    act(async () => {
      const appointment = await call(api, appointmentApi.confirm, { params: { token }, options: noSession });
      setState({ kind: 'ready', appointment, note: appointmentText.confirmed });
    });

  const showOptions = (appointment: PublicAppointment) =>
    act(async () => {
      const { options, reason } = await call(api, appointmentApi.options, {
        params: { token },
        options: noSession,
      });
      setState({ kind: 'options', appointment, options, reason });
    });

  const move = (choice: string) =>
    act(async () => {
      const appointment = await call(api, appointmentApi.move, {
        params: { token },
        body: { choice },
        options: noSession,
      });
      setState({ kind: 'ready', appointment, note: appointmentText.moved });
    });

  return (
    <Page>
      <Title>{appointmentText.title}</Title>
      {state.kind === 'loading' && <p role="status">{appointmentText.loading}</p>}
      {state.kind === 'gone' && <Notice role="alert">{state.message}</Notice>}
      {state.kind === 'error' && (
        <>
          <Notice role="alert">{state.message}</Notice>
          <Button onPress={load}>{appointmentText.retry}</Button>
        </>
      )}
      {(state.kind === 'ready' || state.kind === 'options') && (
        <>
          {state.kind === 'ready' && state.note && <Done role="status">{state.note}</Done>}
          <Card aria-label={appointmentText.title}>
            <Customer>{state.appointment.customer}</Customer>
            <Facts>
              <dt>{appointmentText.day}</dt>
              <dd>{formatDate(state.appointment.date, { buddhistEra: true })}</dd>
              <dt>{appointmentText.shift}</dt>
              <dd>{shiftText(state.appointment)}</dd>
              {state.appointment.time && (
                <>
                  <dt>{appointmentText.time}</dt>
                  <dd>{appointmentText.timeOf(state.appointment.time)}</dd>
                </>
              )}
              <dt>{appointmentText.orders}</dt>
              <dd>{state.appointment.orders.join(', ')}</dd>
              <dt>{appointmentText.branch}</dt>
              <dd>{state.appointment.branchName}</dd>
            </Facts>
          </Card>
          <DeliveryStatus token={token} />
          {state.kind === 'ready' && (
            <Actions>
              {!state.appointment.confirmed && (
                <Button fullWidth size="lg" isLoading={busy} onPress={confirm}>
                  {appointmentText.confirm}
                </Button>
              )}
              <Button
                fullWidth
                size="lg"
                variant="secondary"
                isDisabled={busy}
                onPress={() => showOptions(state.appointment)}
              >
                {appointmentText.move}
              </Button>
            </Actions>
          )}
          {state.kind === 'options' && (
            <section aria-labelledby="move-title">
              <h2 id="move-title">{appointmentText.chooseSlot}</h2>
              {state.options.length === 0 && <p>{state.reason || appointmentText.noOptions}</p>}
              <Actions>
                {state.options.map((option) => (
                  <Button
                    key={option.choice}
                    fullWidth
                    size="lg"
                    variant="secondary"
                    isDisabled={busy}
                    onPress={() => move(option.choice)}
                  >
                    {`${formatDate(option.date, { buddhistEra: true })} ${shiftText(option)}`}
                  </Button>
                ))}
                <Button
                  fullWidth
                  variant="ghost"
                  isDisabled={busy}
                  onPress={() => setState({ kind: 'ready', appointment: state.appointment })}
                >
                  {appointmentText.cancelMove}
                </Button>
              </Actions>
            </section>
          )}
          {state.appointment.branchPhone && (
            <Call href={`tel:${state.appointment.branchPhone.replace(/[^\d+]/g, '')}`}>
              {appointmentText.call(state.appointment.branchPhone)}
            </Call>
          )}
        </>
      )}
    </Page>
  );
}

const Page = styled.main`
  box-sizing: border-box;
  max-width: 480px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }
`;
const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  margin: 0;
`;
const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space[4]};
`;
const Customer = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: 0 0 ${({ theme }) => theme.space[3]};
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;
const Notice = styled.p`
  color: ${({ theme }) => theme.color.danger};
  margin: 0;
`;
const Done = styled.p`
  color: ${({ theme }) => theme.color.success};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  margin: 0;
`;
const Call = styled.a`
  color: ${({ theme }) => theme.color.primary};
  text-align: center;
  padding: ${({ theme }) => theme.space[3]};
`;
