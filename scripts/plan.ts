/**
 * `npm run plan -- problem.json [--seed N] [--iterations N] [--time-limit MS]`: solves a problem
 * in VROOM's JSON input format and prints the solution in VROOM's output format (`-` reads
 * stdin). Exit code 0, or VROOM's error code (2 = input error) with `{ code, error }` printed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  fromVroom,
  PlanningInputError,
  solve,
  toVroomOutput,
  vroomError,
} from '../packages/planning/src/index.ts';

function main(): number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      iterations: { type: 'string' },
      'time-limit': { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file) {
    console.error('usage: npm run plan -- problem.json [--seed N] [--iterations N] [--time-limit MS]');
    return 2;
  }
  const began = performance.now();
  try {
    // npm runs scripts from the repository root; the file is relative to where npm was called.
    let text: string;
    try {
      text = readFileSync(
        file === '-' ? 0 : path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
        'utf8',
      );
    } catch (error) {
      throw new PlanningInputError(`cannot read ${file}: ${(error as Error).message}`);
    }
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new PlanningInputError(`not JSON: ${(error as Error).message}`);
    }
    const read = fromVroom(input);
    const loaded = performance.now();
    const number = (value: string | undefined) => {
      if (value === undefined) return undefined;
      if (!/^\d+$/.test(value)) throw new PlanningInputError(`options must be whole numbers, not "${value}"`);
      return Number(value);
    };
    const seed = number(values.seed);
    const iterations = number(values.iterations);
    const timeLimitMs = number(values['time-limit']);
    const solution = solve(read.problem, {
      ...(seed !== undefined ? { seed } : {}),
      ...(iterations !== undefined ? { iterations } : {}),
      ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
      clock: () => performance.now(),
    });
    const solved = performance.now();
    const output = toVroomOutput(read, solution, {
      loading: Math.round(loaded - began),
      solving: Math.round(solved - loaded),
    });
    console.log(JSON.stringify(output, null, 2));
    return 0;
  } catch (error) {
    const answer = vroomError(error);
    console.log(JSON.stringify(answer));
    return answer.code as number;
  }
}

process.exitCode = main();
