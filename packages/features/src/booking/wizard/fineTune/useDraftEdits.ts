import { messagesOfError } from '@lms/domain';
import { ApiError } from '@lms/entity-pages';
import { useState } from 'react';
import { useBookingApi, useDraft } from '../../shared/bookingApi.ts';
import type { DraftAllocation } from '../../shared/types.ts';
import { allocationErrors } from './draftEdits.ts';

/**
 * Fine Tune's edits of a draft: each is sent whole (`PUT doBooking/fineTune`) and the answer
 * replaces the cached draft. A refused one (422) stays on screen as the attempt, with each
 * `allocations.<i>` message for panel i, until it is corrected or undone.
 */
export function useDraftEdits(draftId: string) {
  const booking = useBookingApi();
  const draft = useDraft(draftId);
  const [attempt, setAttempt] = useState<readonly DraftAllocation[] | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  // Which allocation's delivery time the refused edit changed: its message then stands under that field.
  const [timeEdited, setTimeEdited] = useState<number | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (next: DraftAllocation[], deliveryTimeOf: number | null = null) => {
    if (!draft.data) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await booking.saveAllocations(draftId, draft.data.draft.version, next);
      await draft.mutate(answer, { revalidate: false });
      setAttempt(null);
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const perAllocation = allocationErrors(error.fieldErrors);
        setAttempt(next);
        setTimeEdited(deliveryTimeOf);
        setErrors(perAllocation);
        if (Object.keys(perAllocation).length === 0) setFailure(error.messages);
      } else {
        setFailure(messagesOfError(error));
        if (error instanceof ApiError && error.status === 409) await draft.mutate();
      }
    } finally {
      setSaving(false);
    }
  };

  /** "ยกเลิกการแก้ไข": back to the saved draft. */
  const undo = () => {
    setAttempt(null);
    setErrors({});
    setFailure(null);
  };

  return { draft, attempt, errors, timeEdited, failure, saving, save, undo };
}
