export * from './check.ts';
export * from './manual.ts';
export * from './matrix.ts';
export * from './messages.ts';
export * from './portable.ts';
export type * from './problem.ts';
export { DEFAULT_TIME_LIMIT_MS, defaultIterations, solve } from './solve.ts';
export { PlanningInputError } from './validate.ts';
export * from './vroom.ts';
