import { useSnackbar } from '@lms/design-system';
import { messagesOfError, type ReplanPreview, type SlotPlan, shiftCheckedInMessage } from '@lms/domain';
import type { ApiError } from '@lms/entity-pages';
import { useState } from 'react';
import useSWR from 'swr';
import { isoOf } from '../booking/shared/format.ts';
import { planningKeys, tripsOf, usePlanningApi } from './planningApi.ts';
import type { Trips } from './tripMoves.ts';

export type SlotPlanning = ReturnType<typeof useSlotPlanning>;

/**
 * The day and shift on screen, as the page's address holds them (`?date=&shift=`), so that a reload
 * or a shared link opens the same slot: absent, today and the branch's first shift.
 */
export interface SlotPlace {
  readonly date?: string | null;
  readonly shift?: string | null;
}

/**
 * A re-plan under review: asked, answered with its changes, refused, or being confirmed. `asked`:
 * the moment the dispatcher chose (an ISO instant; absent: now), sent again with the confirm.
 */
export type ReplanReview = { readonly asked?: string } & (
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly messages: readonly string[] }
  | {
      readonly state: 'ready';
      readonly preview: ReplanPreview;
      readonly confirming: boolean;
      /** Why the confirm was refused (a stop started since, a rule broken). */
      readonly refused: readonly string[];
    }
);

/** The slot (a day and a shift) the planner chose, the plan shown for it, and the planner's actions on it. */
export function useSlotPlanning(
  today: Date,
  place: SlotPlace = {},
  onPlaceChange?: (place: SlotPlace) => void,
) {
  const planning = usePlanningApi();
  const snackbar = useSnackbar();
  const [date, setDate] = useState<string | null>(place.date ?? isoOf(today));
  const [chosenShift, setChosenShift] = useState<string | null>(place.shift ?? null);
  const shifts = useSWR(planningKeys.shifts(planning.branchId), () => planning.shifts());
  // The branch's shifts first: a shift from an old address (deleted, another branch's) is no shift
  // here, and the first one is shown instead.
  const shiftId = shifts.data?.find((shift) => shift.id === chosenShift)?.id ?? shifts.data?.[0]?.id ?? null;
  const key = date && shiftId ? planningKeys.slot(planning.branchId, date, shiftId) : null;
  const slot = useSWR<SlotPlan, ApiError>(key, () => planning.slot(date as string, shiftId as string));
  // The plan being worked on (the planner's or after a move) until it is confirmed or the slot changes.
  const [working, setWorking] = useState<{ key: string; plan: SlotPlan } | null>(null);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState<'plan' | 'move' | 'confirm' | null>(null);
  const [review, setReview] = useState<{ key: string; review: ReplanReview } | null>(null);
  const keyText = key ? key.join('|') : '';
  const draft = working && working.key === keyText ? working.plan : null;
  const shown = draft ?? slot.data ?? null;

  const choose = (next: { date?: string | null; shift?: string | null }) => {
    if (next.date !== undefined) setDate(next.date);
    if (next.shift !== undefined) setChosenShift(next.shift);
    setRefused([]);
    onPlaceChange?.({
      date: next.date !== undefined ? next.date : date,
      shift: next.shift !== undefined ? next.shift : shiftId,
    });
  };

  const autoPlan = async () => {
    if (!date || !shiftId) return;
    setBusy('plan');
    setRefused([]);
    try {
      setWorking({ key: keyText, plan: await planning.plan(date, shiftId) });
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setBusy(null);
    }
  };

  /** Every move goes through the server: it answers the re-timed plan or the rule broken. */
  const tryTrips = async (trips: Trips) => {
    // The board shows itself disabled a frame late (ShipmentPlanningPage): a move tapped while
    // another is being worked on is refused here.
    if (!date || !shiftId || !shown || busy !== null) return;
    if (JSON.stringify(trips) === JSON.stringify(tripsOf(shown))) return;
    setBusy('move');
    try {
      const plan = await planning.evaluate(date, shiftId, trips);
      setWorking({ key: keyText, plan: { ...plan, version: shown.version } });
      setRefused([]);
    } catch (error) {
      // Where the planner is: a move is made anywhere down the board, and an alert at the page's
      // top (a confirm's refusal, beside its button) is out of sight there.
      setRefused([]);
      snackbar.error(messagesOfError(error));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!date || !shiftId || !shown) return;
    setBusy('confirm');
    try {
      const plan = await planning.confirm(date, shiftId, shown.version, tripsOf(shown));
      await slot.mutate(plan, { revalidate: false });
      setWorking(null);
      setRefused([]);
      snackbar.success([`ยืนยันแผนแล้ว: รถ ${plan.trips.length} คัน`]);
    } catch (error) {
      const status = (error as ApiError).status;
      if (status === 409) {
        // Someone confirmed first: show theirs, ours is gone.
        setWorking(null);
        await slot.mutate();
      }
      setRefused(messagesOfError(error));
    } finally {
      setBusy(null);
    }
  };

  /**
   * Plan again around what happened from now, or from the moment chosen (`asked`, an ISO instant):
   * the server's preview; nothing changes yet.
   */
  const replan = async (asked?: string) => {
    if (!date || !shiftId) return;
    const at = keyText;
    const moment = asked ? { asked } : {};
    setReview({ key: at, review: { state: 'loading', ...moment } });
    try {
      const preview = await planning.replan(date, shiftId, asked);
      setReview({ key: at, review: { state: 'ready', preview, confirming: false, refused: [], ...moment } });
    } catch (error) {
      setReview({ key: at, review: { state: 'error', messages: messagesOfError(error), ...moment } });
    }
  };

  const confirmReplan = async () => {
    const current = review?.review;
    if (!date || !shiftId || current?.state !== 'ready') return;
    const { preview } = current;
    const at = keyText;
    setReview({ key: at, review: { ...current, confirming: true, refused: [] } });
    try {
      const plan = await planning.replanConfirm(
        date,
        shiftId,
        preview.plan.version,
        tripsOf(preview.plan),
        current.asked,
      );
      await slot.mutate(plan, { revalidate: false });
      setWorking(null);
      setReview(null);
      snackbar.success(['ยืนยันแผนใหม่แล้ว']);
    } catch (error) {
      if ((error as ApiError).status === 409) await slot.mutate();
      setReview({ key: at, review: { ...current, confirming: false, refused: messagesOfError(error) } });
    }
  };

  // A truck already checked in: the server refuses a whole new plan, so the page offers only the re-plan.
  const arrived = shown?.trips.find((t) => t.checkedIn);
  const locked = arrived !== undefined;

  return {
    date,
    shiftId,
    shifts: shifts.data ?? [],
    /** The saved plan's load (its error, when it could not be read). */
    slot,
    draft,
    shown,
    refused,
    busy,
    locked,
    /** Why the shift cannot be planned whole again (the truck that checked in), as the server says it. */
    lockedBecause: arrived
      ? shiftCheckedInMessage(shown?.trucks.find((t) => t.id === arrived.vehicleId)?.licensePlate ?? '')
      : null,
    choose,
    autoPlan,
    tryTrips,
    confirm,
    /** The re-plan under review for this slot, if any. */
    review: review && review.key === keyText ? review.review : null,
    /** From now (the toolbar's button). */
    replan: () => replan(),
    replanFrom: replan,
    confirmReplan,
    closeReplan: () => setReview(null),
  };
}
