import Type, { type Static } from 'typebox';
import { BranchQuery, IsoDate, List, Nullable, operation } from './common.ts';
import { FreightStatementStateSchema } from './freightStatements.ts';
import { HomeCount } from './home.ts';
import { DeliveryFigures, Period, TruckUseRow } from './performance.ts';

/**
 * The branch manager's section of the home (docs/web.md "Home"; who sees it: `homeSectionRoles.manager`).
 * Apart from home.ts because its answer carries the performance screen's figures: the shell, which
 * holds the other sections, loads this with the section, for the managers only.
 */

/**
 * The performance screen's headline figures the manager's home shows, in its order (keys of
 * `headlineFigures`): delivered on time and in full, at the first attempt, and the km per drop.
 */
export const managerHomeFigures = [
  'otifStops',
  'onTimeStops',
  'inFullStops',
  'firstAttempt',
  'kmPerDrop',
] as const;

/** One month of the branch as the performance screen shows it for that month (`href` opens it). */
export const ManagerMonth = Type.Object({
  /** `yyyy-MM`. */
  month: Type.String(),
  period: Period,
  href: Type.String(),
  /** The screen's `current` of that month: every figure `figuresOf` the same roll-ups. */
  figures: DeliveryFigures,
  /** The screen's truck use by vehicle type, each row banded by its type's utilization thresholds. */
  truckUse: List(TruckUseRow),
});
export type ManagerMonth = Static<typeof ManagerMonth>;

export const ManagerHome = Type.Object({
  today: IsoDate,
  /** This month so far and last month; null when the user's roles do not open the performance screen. */
  performance: Nullable(Type.Object({ thisMonth: ManagerMonth, lastMonth: ManagerMonth })),
  /** Statements of the branch waiting in each state the user moves forward (`freightStatesWaitingFor`). */
  statements: List(
    Type.Object({
      state: FreightStatementStateSchema,
      ...HomeCount.properties,
      /**
       * Of these, the ones the user checked: the separation of duties leaves their approval to
       * someone else (`freightTransitionRefusal`). Counted in CHECKED only, 0 in the other states.
       */
      checkedByYou: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type ManagerHome = Static<typeof ManagerHome>;

export const managerHomeApi = {
  manager: operation({
    method: 'GET',
    url: '/home/manager',
    schema: { querystring: BranchQuery, response: { 200: ManagerHome } },
  }),
};
