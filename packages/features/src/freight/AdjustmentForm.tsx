import { Button, NumberField, TextArea } from '@lms/design-system';
import { FREIGHT_ADJUSTMENT, freightAdjustmentProblems, freightText } from '@lms/domain';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { freightScreenText as text } from './freightScreenText.ts';

/**
 * A draft's new adjustment: an amount (negative deducts) and its reason, held to the domain's
 * rule before it is sent (the server holds it again); emptied once saved.
 */
export function AdjustmentForm({
  isSaving,
  onSave,
}: {
  readonly isSaving: boolean;
  readonly onSave: (amount: number, reason: string) => Promise<void>;
}) {
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problems = freightAdjustmentProblems({ amount: amount ?? 0, reason });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    await onSave(amount as number, reason.trim());
    setAmount(null);
    setReason('');
    setSubmitted(false);
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label={freightText.addAdjustment}>
      <NumberField
        label={freightText.amount}
        description={text.amountHint}
        value={amount}
        onChange={setAmount}
        error={problems.amount}
        touched={submitted}
        isRequired
      />
      <TextArea
        label={freightText.reason}
        description={text.reasonHint}
        value={reason}
        onChange={setReason}
        error={problems.reason}
        touched={submitted}
        maxLength={FREIGHT_ADJUSTMENT.reasonMaxLength}
        rows={2}
        isRequired
      />
      <div>
        <Button type="submit" variant="primary" isLoading={isSaving}>
          {text.save}
        </Button>
      </div>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(10rem, 14rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  align-items: start;
  margin-top: ${({ theme }) => theme.space[3]};
  & > div:last-child { grid-column: 1 / -1; }
  @media (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
