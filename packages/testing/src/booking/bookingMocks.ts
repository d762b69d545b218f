import {
  type BookingOption,
  bookingApi,
  type ConfirmConflict,
  type DraftAllocation,
  type DraftAnswer,
  type Suggestion,
} from '@lms/domain';
import { delay, type HttpHandler, HttpResponse } from 'msw';
import type { FixtureRecord } from '../mocks/fixtures.ts';
import { fieldRefusal, mock } from '../mocks/mock.ts';
import { mockEntityApi } from '../mocks/mockApi.ts';
import {
  BOOKING_DOC_NO,
  BOOKING_ID,
  bookingDeliveryOrders,
  DRAFT_ID,
  defaultRequest,
  deliveryTimeProblem,
  evaluate,
  severalOptions,
  storySlotChoices,
} from './bookingFixtures.ts';

/** MSW handlers of the DO booking API over the story data of `bookingFixtures.ts`. */

export interface BookingMockOptions {
  readonly suggestion?: Suggestion;
  /** The draft as stored before the story starts (stories that open at Fine Tune or Summary). */
  readonly draftAllocations?: readonly DraftAllocation[];
  readonly deliveryOrders?: readonly FixtureRecord[];
  /** Fine tune refuses allocations with more vehicles than this (422, like the server's capacity rule). */
  readonly maxVehicles?: number;
  readonly confirm?: 'ok' | 'conflict';
  /** Never answer the suggestion (loading state). */
  readonly suggestionPending?: boolean;
  readonly onCall?: (call: { method: string; path: string; body: unknown }) => void;
}

export const optionAllocations = (o: BookingOption): DraftAllocation[] =>
  o.allocations.map((a) => ({
    slotId: a.slotId,
    vehicles: a.vehicles,
    lines: a.lines.map(({ deliveryOrderId, lineId: id, qty }) => ({ deliveryOrderId, lineId: id, qty })),
  }));

/** MSW handlers of the DO booking API with one in-memory draft, plus the generated DO/reference handlers. */
export function bookingHandlers(options: BookingMockOptions = {}): HttpHandler[] {
  const suggestion = options.suggestion ?? severalOptions;
  const catalogue = [...severalOptions.options, ...suggestion.options].flatMap((o) => o.allocations);
  let stored: DraftAnswer['draft'] = {
    id: DRAFT_ID,
    request: { wantedDate: null, special: false, ...defaultRequest },
    allocations: options.draftAllocations ?? [],
    version: 1,
  };
  const answer = (): DraftAnswer => ({
    draft: stored,
    evaluation: evaluate(stored.request, stored.allocations, catalogue),
  });
  const seen = (request: Request, body?: unknown) =>
    options.onCall?.({ method: request.method, path: new URL(request.url).pathname, body });
  return [
    mock(bookingApi.suggestion, async ({ request, body }) => {
      seen(request, body);
      if (options.suggestionPending) await delay('infinite');
      return suggestion;
    }),
    mock(bookingApi.createDraft, ({ request, body }) => {
      seen(request, body);
      const { allocations = [], ...rest } = body;
      stored = {
        id: DRAFT_ID,
        request: { wantedDate: null, special: false, ...rest },
        allocations,
        version: 1,
      };
      return answer();
    }),
    mock(bookingApi.fineTune, () => answer()),
    mock(bookingApi.slots, () => storySlotChoices()),
    mock(bookingApi.summary, () => answer()),
    mock(bookingApi.saveAllocations, ({ request, body }) => {
      seen(request, body);
      const broken = body.allocations.flatMap((a, i) => {
        const lateOrEarly = deliveryTimeProblem(a);
        if (lateOrEarly) return [[`allocations.${i}`, lateOrEarly]];
        return options.maxVehicles !== undefined && a.vehicles > options.maxVehicles
          ? [[`allocations.${i}`, `ความจุ: ช่วงรถนี้เหลือรถว่าง ${options.maxVehicles} คัน ขอ ${a.vehicles} คันไม่ได้`]]
          : [];
      });
      if (broken.length) return fieldRefusal(Object.fromEntries(broken), ...broken.map(([, m]) => m!));
      stored = { ...stored, allocations: body.allocations, version: stored.version + 1 };
      return answer();
    }),
    mock(bookingApi.deleteDraft, ({ request }) => {
      seen(request);
      return null;
    }),
    mock(bookingApi.confirm, ({ request, body }) => {
      seen(request, body);
      if (options.confirm === 'conflict')
        return HttpResponse.json(
          {
            messages: ['ความจุของรถเปลี่ยนไประหว่างนี้: ความจุไม่พอ: เหลือ 120.000 กก. 0.500 ลบ.ม. 30 นาที'],
            remaining: { weight: 120, volume: 0.5, minute: 30 },
          } satisfies ConfirmConflict,
          { status: 409 },
        );
      return { id: BOOKING_ID, docNo: BOOKING_DOC_NO, totals: answer().evaluation.totals };
    }),
    ...mockEntityApi('deliveryOrder', { fixtures: options.deliveryOrders ?? bookingDeliveryOrders() }),
  ];
}
