import { RouteElimination } from './fleet.ts';
import { LocalSearch } from './localSearch.ts';
import { Pricing } from './penalties.ts';
import { feasible, objective, type Plan, type SearchContext } from './plan.ts';
import { construct, recreate, repair, ruin, settle, takeOut } from './sisr.ts';

/**
 * The search: a plan by cheapest insertion, then rounds of (1) route elimination and (2)
 * simulated annealing over ruin and recreate on the distance, each round twice as long as the
 * one before. Rounds are measured on the budget's own time (the clock's milliseconds, or
 * iterations without a clock) from the start, never from the limit: a longer limit runs the
 * same rounds and then more, so more time never gives a worse plan.
 */

export interface Budget {
  /** Time since the start: the clock's milliseconds, or iterations without a clock. */
  now(): number;
  /** Counts one iteration; false once the time limit or the iteration budget is reached. */
  spend(): boolean;
  /** True once `spend` has said no. */
  readonly over: boolean;
  /**
   * Whether the time limit has passed, reading the clock now (false without a clock); once it
   * has, the budget is over. Work cut short by it is dropped, so that a run with a longer limit,
   * which did that work whole, is never behind.
   */
  expired(): boolean;
  readonly iterations: number;
  /** Length of the first round in the budget's units. */
  readonly firstRound: number;
}

/**
 * The temperature's start and end as a share of the plan's cost per arc. SISR's 100 and 1 suit
 * its millions of iterations; a second gives thousands here, and starting cooler (0.1 rather
 * than 0.5) halved the gap on a sample of R and RC instances without new outliers.
 */
const HOT = 0.1;
const COLD = 0.002;

/** Fewest vehicles any plan needs: the total load over the largest capacity, per dimension. */
function fleetLowerBound(ctx: SearchContext): number {
  const { model } = ctx;
  let bound = 1;
  for (let d = 0; d < model.dims; d += 1) {
    let total = 0;
    let largest = 0;
    for (let k = 0; k < model.n; k += 1) total += model.demand[k * model.dims + d] as number;
    for (let v = 0; v < model.m; v += 1)
      largest = Math.max(largest, model.capacity[v * model.dims + d] as number);
    if (largest > 0) bound = Math.max(bound, Math.ceil(total / largest));
  }
  return bound;
}

export function search(ctx: SearchContext, budget: Budget): Plan {
  const local = new LocalSearch(ctx, () => budget.expired());
  const pricing = new Pricing(ctx.model);
  const constructed = construct(ctx);
  // Strict penalties: the first descent keeps the constructed plan feasible (else it is dropped).
  let best = constructed.clone();
  local.run(best, pricing.strict(), false, false, null, true);
  if (!feasible(ctx, best)) best = constructed;
  let bestValue = objective(ctx, best);
  const elimination = new RouteElimination(ctx);
  const bound = fleetLowerBound(ctx);
  let round = budget.firstRound;
  // Route elimination's slice as a share of the round: halved after a slice that saved no vehicle.
  let share = 1;
  for (;;) {
    if (best.absent.length === 0 && best.used() > bound) {
      const sliceEnd = budget.now() + round * share;
      let saved = false;
      if (!elimination.running) elimination.begin(best);
      while (elimination.running && budget.now() < sliceEnd) {
        if (!budget.spend()) return best;
        let fewer = elimination.step();
        if (!fewer) continue;
        fewer = polished(ctx, fewer, local, pricing, budget);
        const value = objective(ctx, fewer);
        if (value < bestValue) {
          best = fewer;
          bestValue = value;
          saved = true;
        }
        if (best.used() > bound) elimination.begin(best);
      }
      share = saved ? 1 : Math.max(1 / 8, share / 2);
    }
    const annealed = anneal(ctx, best, budget, round, local, pricing);
    const value = objective(ctx, annealed);
    if (value < bestValue) {
      best = annealed;
      bestValue = value;
    }
    if (budget.over) return best;
    round *= 2;
  }
}

/**
 * A plan fresh from route elimination (its ejections leave detours) after one descent of the
 * local search: the same fleet, shorter; the plan as it was if the descent left it infeasible.
 */
function polished(
  ctx: SearchContext,
  plan: Plan,
  local: LocalSearch,
  pricing: Pricing,
  budget: Budget,
): Plan {
  const copy = plan.clone();
  local.run(copy, pricing.strict(), false, false, null, true);
  if (budget.over) return plan;
  return feasible(ctx, copy) && copy.used() <= plan.used() ? copy : plan;
}

/**
 * Simulated annealing over ruin, repair and local search for `length` of the budget's time,
 * from hot to cold, or until the budget is over; returns the best plan met. The repair and the
 * local search work on the penalised cost, so they may pass through late or overloaded plans;
 * one that comes out infeasible gets a second local search at strict penalties, and if still
 * infeasible, its offending stops are taken out and put back where they fit (`settle`), or left
 * out: the annealing itself only walks feasible plans, on a fleet no larger than the one it
 * started with.
 */
function anneal(
  ctx: SearchContext,
  start: Plan,
  budget: Budget,
  length: number,
  local: LocalSearch,
  pricing: Pricing,
): Plan {
  const began = budget.now();
  const planned = Math.max(1, ctx.model.n - start.absent.length + start.used());
  const unit = start.cost() / planned;
  // Costs are integers: at least 1, so that a plan of zero cost still anneals.
  const hot = Math.max(1, unit * HOT);
  const cold = Math.max(1e-3, unit * COLD);
  const fleet = start.used();
  let current = start;
  let currentValue = objective(ctx, current);
  let best = current;
  let bestValue = currentValue;
  for (;;) {
    const elapsed = budget.now() - began;
    if (elapsed >= length) return best;
    if (!budget.spend()) return best;
    const temperature = hot * (cold / hot) ** (elapsed / length);
    let next = current.clone();
    // Stops left out go back in too, at a penalty if need be: `settle` then takes out whichever
    // stops it costs least to leave out (not necessarily the same ones).
    const back = [...ruin(ctx, next), ...next.absent];
    next.absent = [];
    repair(ctx, next, back.slice(), pricing.boosted(), fleet);
    local.run(next, pricing.base, true, false, back);
    const ok = feasible(ctx, next);
    pricing.note(next.routes);
    if (!ok) local.run(next, pricing.strict(), true, false, back);
    if (!feasible(ctx, next)) {
      // A tight plan (just after route elimination) the penalised repair seldom leaves feasible:
      // the stops go back only where they fit (SISR's own recreate), and what cannot stays out.
      next = current.clone();
      takeOut(ctx, next, back);
      recreate(ctx, next, back, { fleet, opening: ctx.vehicleWeight, leaveOut: Number.POSITIVE_INFINITY });
      local.run(next, pricing.strict(), true);
      if (!feasible(ctx, next)) settle(ctx, next, pricing.boosted(), fleet);
    }
    // The time ran out inside this iteration's descent: its plan is not what a longer run makes.
    if (budget.over) return best;
    let nextValue = objective(ctx, next);
    if (nextValue < bestValue) {
      // A new best: SWAP* on it (PyVRP's intensification on new best plans).
      local.run(next, pricing.strict(), true, false, null, true);
      if (budget.over) return best;
      nextValue = objective(ctx, next);
    }
    if (nextValue < currentValue - temperature * Math.log(1 - ctx.random())) {
      current = next;
      currentValue = nextValue;
      if (nextValue < bestValue) {
        best = next;
        bestValue = nextValue;
      }
    }
  }
}
