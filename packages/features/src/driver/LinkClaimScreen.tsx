import { PlainButton, TextField } from '@lms/design-system';
import { ApiError } from '@lms/entity-pages';
import { type FormEvent, useState } from 'react';
import { useDriver } from './DriverProvider.tsx';
import { Card, DriverFrame, Notice } from './layout.tsx';
import { driverText } from './text.ts';

/**
 * A trip link opened on a phone (docs/delivery.md "The trip link"): the PIN the dispatcher reads
 * out binds the link to this phone; from then on the phone opens only that trip.
 */
export function LinkClaimScreen({ token }: { readonly token: string }) {
  const { claim } = useDriver();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const valid = /^\d{6}$/.test(pin);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid) {
      setProblem(driverText.pinFormat);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await claim(token, pin);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.messages.join(' ') : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DriverFrame title={driverText.linkTitle}>
      <Card as="form" onSubmit={submit} aria-label={driverText.linkTitle}>
        <Notice>{driverText.linkHint}</Notice>
        <TextField
          label={driverText.pin}
          value={pin}
          onChange={(value) => setPin(value.replace(/\D/g, '').slice(0, 6))}
          type="tel"
          autoComplete="one-time-code"
          maxLength={6}
        />
        {problem && (
          <Notice role="alert" $tone="danger">
            {problem}
          </Notice>
        )}
        <PlainButton type="submit" size="lg" fullWidth isLoading={busy}>
          {driverText.openTrip}
        </PlainButton>
      </Card>
    </DriverFrame>
  );
}
