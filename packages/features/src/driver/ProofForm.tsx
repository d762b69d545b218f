import { Button, NumberField, SignatureField, TextArea, TextField } from '@lms/design-system';
import { DELIVERY_BOUNDS, type DriverStop } from '@lms/domain';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { Card, Notice } from './layout.tsx';
import { PhotoInput } from './PhotoInput.tsx';
import { type ProofErrors, type ProofInput, proofErrors } from './proofRules.ts';
import { driverText } from './text.ts';

/**
 * Proof of delivery at a stop (issue 39): the recipient's name, the signature, photos, for a partial
 * delivery the quantities handed over per DO, a note. The stop's requirement (signature, photo or
 * both) decides what is asked; nothing is sent until the rules hold.
 */
export function ProofForm({
  stop,
  kind,
  onSubmit,
  onCancel,
  resizePhoto,
}: {
  readonly stop: DriverStop;
  readonly kind: 'delivered' | 'partial';
  readonly onSubmit: (proof: ProofInput) => Promise<void>;
  readonly onCancel: () => void;
  readonly resizePhoto?: (file: Blob) => Promise<Blob>;
}) {
  const [recipient, setRecipient] = useState('');
  const [signature, setSignature] = useState<Blob | null>(null);
  const [photos, setPhotos] = useState<readonly Blob[]>([]);
  const [quantities, setQuantities] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(stop.orders.map((o) => [o.deliveryOrderId, kind === 'partial' ? null : o.qty])),
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ProofErrors>({});
  const [busy, setBusy] = useState(false);
  const asks = {
    signature: stop.proofRequired !== 'PHOTO',
    photo: stop.proofRequired !== 'SIGNATURE',
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const input: ProofInput = { recipient, signature, photos, quantities, note };
    const found = proofErrors(stop, kind, input);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit(input);
    } finally {
      setBusy(false);
    }
  };

  const label = kind === 'delivered' ? driverText.delivered : driverText.partial;
  return (
    <Form onSubmit={submit} aria-label={driverText.proofTitle(label)} noValidate>
      <Card as="div">
        <h2>{driverText.proofTitle(label)}</h2>
        <Notice>{driverText.proofNeeds[stop.proofRequired]}</Notice>
        <TextField
          label={driverText.recipient}
          value={recipient}
          onChange={setRecipient}
          isRequired
          maxLength={DELIVERY_BOUNDS.recipientLength}
          error={errors.recipient}
          autoComplete="off"
        />
      </Card>
      {kind === 'partial' && (
        <Card as="fieldset" aria-describedby={errors.quantities ? 'driver-qty-error' : undefined}>
          <legend>{driverText.quantities}</legend>
          {stop.orders.map((order) => (
            <NumberField
              key={order.deliveryOrderId}
              label={driverText.qtyOf(order.docNo, order.qty)}
              value={quantities[order.deliveryOrderId] ?? null}
              onChange={(qty) => setQuantities((q) => ({ ...q, [order.deliveryOrderId]: qty }))}
              scale={0}
              minValue={0}
              maxValue={order.qty}
              isRequired
            />
          ))}
          {errors.quantities && (
            <Notice id="driver-qty-error" role="alert" $tone="danger">
              {errors.quantities}
            </Notice>
          )}
        </Card>
      )}
      {asks.signature && (
        <Card as="div">
          <SignatureField
            label={driverText.signature}
            onChange={setSignature}
            isRequired
            error={errors.signature}
          />
        </Card>
      )}
      <PhotosAndNote
        photoLabel={asks.photo ? `${driverText.photos} *` : driverText.photos}
        photos={photos}
        onPhotos={setPhotos}
        photoError={errors.photos}
        note={note}
        onNote={setNote}
        resizePhoto={resizePhoto}
      />
      <FormActions busy={busy} label={`${driverText.save}: ${label}`} onCancel={onCancel} />
    </Form>
  );
}

/** The photos and the note every outcome takes. */
export function PhotosAndNote({
  photoLabel,
  photos,
  onPhotos,
  photoError,
  note,
  onNote,
  resizePhoto,
}: {
  readonly photoLabel: string;
  readonly photos: readonly Blob[];
  readonly onPhotos: (photos: readonly Blob[]) => void;
  readonly photoError?: string | undefined;
  readonly note: string;
  readonly onNote: (note: string) => void;
  readonly resizePhoto?: ((file: Blob) => Promise<Blob>) | undefined;
}) {
  return (
    <Card as="div">
      <PhotoInput
        label={photoLabel}
        photos={photos}
        onChange={onPhotos}
        error={photoError}
        {...(resizePhoto ? { resize: resizePhoto } : {})}
      />
      <TextArea
        label={driverText.note}
        value={note}
        onChange={onNote}
        maxLength={DELIVERY_BOUNDS.noteLength}
      />
    </Card>
  );
}

/** Save (the outcome in its label) and cancel, full width for the thumb. */
export function FormActions({
  busy,
  label,
  danger = false,
  onCancel,
}: {
  readonly busy: boolean;
  readonly label: string;
  readonly danger?: boolean;
  readonly onCancel: () => void;
}) {
  return (
    <Actions>
      <Button type="submit" size="lg" variant={danger ? 'danger' : 'primary'} fullWidth isLoading={busy}>
        {label}
      </Button>
      <Button size="lg" variant="ghost" fullWidth onPress={onCancel} isDisabled={busy}>
        {driverText.cancel}
      </Button>
    </Actions>
  );
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
  }
  fieldset {
    margin: 0;
  }
  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    float: left;
    width: 100%;
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
`;
const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;
