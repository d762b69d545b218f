import { PlainButton } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { Suspense } from 'react';
import styled from 'styled-components';
import { stageTapText } from '../shipmentPlanning/stageQueue.ts';
import type { SyncState } from './DriverProvider.tsx';
import { driverText } from './text.ts';

// The question is rare (a tap at an unusual time): its dialog is a chunk of its own, fetched when
// first asked (the service worker precaches it with the app, so it opens offline too).
const ConfirmDialog = lazyComponent(() =>
  import('@lms/design-system/ConfirmDialog').then((m) => m.ConfirmDialog),
);

/**
 * Where sending stands, under the top bar of every screen: offline or online, how many items wait
 * on the phone, the server's refusals, a session that needs a new sign-in. Quiet when all is sent.
 * A stage tap the server asks about (an unusual time) is asked of the driver here, on any screen.
 */
export function SyncBar({
  sync,
  onSend,
  onSignIn,
  onAnswer,
}: {
  readonly sync: SyncState;
  readonly onSend: () => void;
  readonly onSignIn?: (() => void) | undefined;
  readonly onAnswer: (keep: boolean) => void;
}) {
  const question = sync.questions[0];
  const tone = !sync.online ? 'offline' : sync.waiting > 0 ? 'waiting' : 'ok';
  return (
    <Bar data-tone={tone}>
      <p role="status">
        <strong>{sync.online ? driverText.online : driverText.offline}</strong>
        {' · '}
        {sync.sending
          ? driverText.sending
          : sync.waiting > 0
            ? driverText.waiting(sync.waiting)
            : driverText.allSent}
      </p>
      {sync.waiting > 0 && !sync.sending && !sync.needsSignIn && (
        <PlainButton size="md" variant="secondary" onPress={onSend}>
          {driverText.sendNow}
        </PlainButton>
      )}
      {sync.needsSignIn && (
        <Alert role="alert">
          {driverText.signInAgain}
          {onSignIn && (
            <PlainButton size="md" onPress={onSignIn}>
              {driverText.signIn}
            </PlainButton>
          )}
        </Alert>
      )}
      {sync.refused.length > 0 && (
        <Alert role="alert">
          {driverText.refused}: {sync.refused.join(' ')}
        </Alert>
      )}
      {question && (
        <Suspense fallback={null}>
          <ConfirmDialog
            isOpen
            title={stageTapText.questionTitle}
            message={question.message}
            confirmLabel={stageTapText.record}
            cancelLabel={stageTapText.drop}
            onConfirm={() => onAnswer(true)}
            onCancel={() => onAnswer(false)}
          />
        </Suspense>
      )}
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.font.size.md};
  background: ${({ theme }) => theme.color.secondary};
  color: ${({ theme }) => theme.color.secondaryText};
  p {
    margin: 0;
  }
  &[data-tone='offline'] {
    background: #fff4e0;
    color: #6b3d00;
  }
  &[data-tone='ok'] {
    background: #e6f4ea;
    color: #14532d;
  }
`;
const Alert = styled.div`
  flex-basis: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
