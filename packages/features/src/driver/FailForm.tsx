import { TextField } from '@lms/design-system';
import { DELIVERY_BOUNDS, type FailureReason, failureReasonOptions } from '@lms/domain';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { Card, Notice } from './layout.tsx';
import { Form, FormActions, PhotosAndNote } from './ProofForm.tsx';
import { type FailureInput, failureErrors } from './proofRules.ts';
import { driverText } from './text.ts';

/**
 * Not delivered (issue 39): a reason from the Thai list as big radio rows (one thumb), a text for
 * "อื่น ๆ", a photo where it helps, a note. The DOs go back to booking on the server.
 */
export function FailForm({
  onSubmit,
  onCancel,
  resizePhoto,
}: {
  readonly onSubmit: (failure: FailureInput) => Promise<void>;
  readonly onCancel: () => void;
  readonly resizePhoto?: (file: Blob) => Promise<Blob>;
}) {
  const [reason, setReason] = useState<FailureReason | null>(null);
  const [reasonText, setReasonText] = useState('');
  const [photos, setPhotos] = useState<readonly Blob[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof failureErrors>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const input: FailureInput = { reason, reasonText, photos, note };
    const found = failureErrors(input);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit(input);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label={driverText.failTitle} noValidate>
      <Card as="fieldset" aria-describedby={errors.reason ? 'driver-reason-error' : undefined}>
        <legend>{driverText.reason}</legend>
        {failureReasonOptions.map((option) => (
          <Choice key={option.value} data-checked={reason === option.value || undefined}>
            <input
              type="radio"
              name="driver-failure-reason"
              value={option.value}
              checked={reason === option.value}
              onChange={() => setReason(option.value)}
            />
            {option.label}
          </Choice>
        ))}
        {errors.reason && (
          <Notice id="driver-reason-error" role="alert" $tone="danger">
            {errors.reason}
          </Notice>
        )}
        {reason === 'OTHER' && (
          <TextField
            label={driverText.reasonText}
            value={reasonText}
            onChange={setReasonText}
            isRequired
            maxLength={DELIVERY_BOUNDS.reasonTextLength}
            error={errors.reasonText}
          />
        )}
      </Card>
      <PhotosAndNote
        photoLabel={driverText.failPhoto}
        photos={photos}
        onPhotos={setPhotos}
        note={note}
        onNote={setNote}
        resizePhoto={resizePhoto}
      />
      <FormActions
        busy={busy}
        danger
        label={`${driverText.save}: ${driverText.failed}`}
        onCancel={onCancel}
      />
    </Form>
  );
}

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-height: 52px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  input {
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.primary};
  }
  &[data-checked] {
    border: 2px solid ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.secondary};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;
