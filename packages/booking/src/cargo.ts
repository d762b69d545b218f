import type { Amounts } from './capacity.ts';
import { DEFAULT_STACK_VOLUME_PERCENT, minutesUp } from './decisions.ts';
import type { Article, Id } from './world.ts';
import { orderLinesOf, type WorldIndex } from './worldIndex.ts';

/** What a DO line costs a vehicle (booking.md: what one booking line costs a slot). */

export interface Cargo {
  readonly deliveryOrderId: Id;
  readonly lineId: Id;
  readonly articleId: Id;
  readonly article: Article | undefined;
  readonly qty: number;
  /** kg for the whole qty. */
  readonly weight: number;
  /** m³ for the whole qty, already scaled by stackVolumePercent. */
  readonly volume: number;
  /** Installation minutes per unit. */
  readonly installationPerUnit: number;
  /** Carried whole: the article cannot be split. */
  readonly whole: boolean;
  readonly noUseCap: boolean;
  readonly uomTypeId: Id | null;
  /** Position in the order, to keep packing deterministic. */
  readonly position: number;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

export function cargoOf(index: WorldIndex, deliveryOrderIds: readonly Id[]): Cargo[] {
  // A line without a quantity carries nothing to book.
  const lines = orderLinesOf(index, deliveryOrderIds).filter(({ line }) => line.qty > 0);
  return lines.map(({ deliveryOrder, line }, position) => {
    const article = index.articles.get(line.articleId);
    const noUseCap = article?.noUseCap === true;
    const stackPercent = article?.stackVolumePercent ?? DEFAULT_STACK_VOLUME_PERCENT;
    return {
      deliveryOrderId: deliveryOrder.id,
      lineId: line.id,
      articleId: line.articleId,
      article,
      qty: line.qty,
      weight: noUseCap ? 0 : line.weight,
      volume: noUseCap ? 0 : (line.volume * stackPercent) / 100,
      installationPerUnit: noUseCap ? 0 : (article?.installationTime ?? 0),
      whole: article?.cannotSplit === true,
      noUseCap,
      uomTypeId: article?.articleUomTypeId ?? null,
      position,
    };
  });
}

/** Units `from`..`from + qty` of a total spread over `lineQty` units, on rounded running totals. */
function shareOf(total: number, lineQty: number, from: number, qty: number): number {
  return round3(round3((total * (from + qty)) / lineQty) - round3((total * from) / lineQty));
}

/**
 * Cost of `qty` units starting after the first `from` units. Weight and volume are rounded to
 * grams and litres so that the parts of a line add up exactly to the line.
 */
export function partCost(cargo: Cargo, from: number, qty: number): Amounts {
  if (cargo.whole) {
    return {
      weight: round3(cargo.weight),
      volume: round3(cargo.volume),
      minute: minutesUp(cargo.installationPerUnit * cargo.qty),
    };
  }
  return {
    weight: shareOf(cargo.weight, cargo.qty, from, qty),
    volume: shareOf(cargo.volume, cargo.qty, from, qty),
    minute: minutesUp(cargo.installationPerUnit * qty),
  };
}

/** Per-unit cost, for sorting and for guessing how many units fit. */
export function unitCost(cargo: Cargo): Amounts {
  if (cargo.whole) return partCost(cargo, 0, cargo.qty);
  return {
    weight: cargo.weight / cargo.qty,
    volume: cargo.volume / cargo.qty,
    minute: cargo.installationPerUnit,
  };
}
