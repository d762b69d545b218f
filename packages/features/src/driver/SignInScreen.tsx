import { PlainButton, TextField } from '@lms/design-system';
import { ApiError } from '@lms/entity-pages';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useDriver } from './DriverProvider.tsx';
import { Card, DriverFrame, Notice } from './layout.tsx';
import { driverText } from './text.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages.join(' ') : String(error));

/** A company driver signs in with their own user (linked to their driver record). */
export function SignInScreen() {
  const { signIn } = useDriver();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const { mustChangePassword } = await signIn(username.trim(), password);
      if (mustChangePassword) setProblem(driverText.mustChangePassword);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DriverFrame title={driverText.signInTitle}>
      <Card as="form" onSubmit={submit} aria-label={driverText.signInTitle}>
        <TextField
          label={driverText.username}
          value={username}
          onChange={setUsername}
          autoComplete="username"
        />
        <TextField
          label={driverText.password}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        {problem && (
          <Notice role="alert" $tone="danger">
            {problem}
          </Notice>
        )}
        <PlainButton type="submit" size="lg" fullWidth isLoading={busy} isDisabled={!username || !password}>
          {driverText.signIn}
        </PlainButton>
      </Card>
      <Hint>{driverText.signInHint}</Hint>
    </DriverFrame>
  );
}

const Hint = styled(Notice)`
  padding: 0 ${({ theme }) => theme.space[1]};
`;
