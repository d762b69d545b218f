import type { TravelMatrix } from './matrix.ts';
import type { PlanningProblem } from './problem.ts';

/** A problem as plain data (no functions): what a worker thread can be sent (structured clone). */
export interface PortableProblem extends Omit<PlanningProblem, 'matrices'> {
  readonly matrices: Readonly<
    Record<
      string,
      {
        readonly size: number;
        readonly durations: Float64Array;
        readonly distances: Float64Array;
        readonly costs: Float64Array;
      }
    >
  >;
}

/** The problem with each matrix read out into flat tables, `table[from * size + to]`. */
export function portable(problem: PlanningProblem): PortableProblem {
  const read = (size: number, at: (from: number, to: number) => number) => {
    const table = new Float64Array(size * size);
    for (let from = 0; from < size; from += 1)
      for (let to = 0; to < size; to += 1) table[from * size + to] = at(from, to);
    return table;
  };
  const matrices = Object.fromEntries(
    Object.entries(problem.matrices).map(([profile, matrix]) => {
      const distances = read(matrix.size, (a, b) => matrix.distance(a, b));
      return [
        profile,
        {
          size: matrix.size,
          durations: read(matrix.size, (a, b) => matrix.duration(a, b)),
          distances,
          costs: matrix.cost
            ? read(matrix.size, (a, b) => (matrix.cost as (a: number, b: number) => number)(a, b))
            : distances,
        },
      ];
    }),
  );
  return { ...problem, matrices };
}

/** The problem again from its portable form. */
export function fromPortable(problem: PortableProblem): PlanningProblem {
  const matrices = Object.fromEntries(
    Object.entries(problem.matrices).map(
      ([profile, { size, durations, distances, costs }]): [string, TravelMatrix] => [
        profile,
        {
          size,
          duration: (from, to) => durations[from * size + to] ?? 0,
          distance: (from, to) => distances[from * size + to] ?? 0,
          cost: (from, to) => costs[from * size + to] ?? 0,
        },
      ],
    ),
  );
  return { ...problem, matrices };
}
