// npm test: install what is missing, then every check. Ends with one line of counts.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureDependencies, log, pnpm, pnpmBin, root } from './lib.mjs';

const started = Date.now();
await ensureDependencies();
await ensureChromium();

const results = [];
async function check(name, args) {
  log(`${name}: ${args.join(' ')}`);
  const t = Date.now();
  const code = await pnpm(args);
  results.push({ name, ok: code === 0, seconds: seconds(t) });
}

/**
 * A check run beside the others, at CPU priority `nice` (19, the lowest: only the cycles the others
 * leave). The suite is CPU-bound on 2 cores: the typecheck and the lint, ~20 s before the tests
 * once, now take what Vitest's start and its waits leave idle, and the web build, which only the
 * end-to-end files and entrySizes.test.ts need, runs while Vitest starts and the other files run
 * (docs/performance.md, the test suite). Its output is printed when it ends, not mixed into Vitest's.
 * The priority is set on pnpm as it starts, before it starts the tool, which inherits it.
 */
function besideTheTests(name, args, { nice = 19 } = {}) {
  log(
    `${name}: ${args.join(' ')} (beside the tests${nice ? `, nice ${nice}` : ''}; its output when it ends)`,
  );
  const t = Date.now();
  const child = spawn(process.execPath, [pnpmBin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    if (nice) setPriority(child.pid, nice);
  } catch {
    // A platform without priorities runs it as it is.
  }
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ok = (code ?? (signal ? 1 : 0)) === 0;
      log(`${name} ${ok ? 'passed' : 'FAILED'} in ${seconds(t)} s${output.length ? ':' : ''}`);
      process.stdout.write(Buffer.concat(output));
      results.push({ name, ok, seconds: seconds(t) });
      resolve(ok);
    });
  });
}

/** What the files that need the web build wait on (tests/webBuild.ts reads it). */
function buildState(state) {
  mkdirSync(path.dirname(webBuildState), { recursive: true });
  writeFileSync(`${webBuildState}.next`, JSON.stringify({ pid: process.pid, state }));
  renameSync(`${webBuildState}.next`, webBuildState);
}

const webBuildState = path.join(root, '.tmp', 'web-build.json');
buildState('building');
const others = Promise.all([
  // End-to-end tests open the built app served by the real server.
  besideTheTests('build web', ['--filter', '@lms/web', 'build'], { nice: 0 }).then((ok) =>
    buildState(ok ? 'built' : 'failed'),
  ),
  besideTheTests('typecheck', ['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit']),
  besideTheTests('lint', ['exec', 'biome', 'check', '.']),
]);

const report = path.join(root, '.tmp', 'vitest.json');
rmSync(report, { force: true });
// Unit, server (real PostgreSQL), stories in Chromium (play, axe, screenshots) and end-to-end.
await check('vitest', [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
await others;

let tests = { passed: 0, failed: 0, skipped: 0 };
let slowest = [];
let projectTimes = [];
let retried = [];
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  tests = {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
  // A test that takes most of its time limit fails on a slower machine: show the slowest.
  slowest = json.testResults
    .flatMap((file) =>
      file.assertionResults.map((t) => ({
        ms: t.duration ?? 0,
        name: `${path.relative(root, file.name)} › ${t.fullName}`,
      })),
    )
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  projectTimes = timeByProject(json.testResults);
  retried = retriedTests(json.testResults);
  // Vitest can exit 0 from a run that never started (a config error it reports as an unhandled
  // error, with no test run): its report's `success` and a run with tests are what count.
  if (json.success !== true || json.numTotalTests === 0) {
    log(`vitest did not succeed (success: ${json.success}, ${json.numTotalTests} tests)`);
    markFailed('vitest');
  }
} catch {
  log('vitest wrote no report');
  markFailed('vitest');
}

const staticChecks = results.filter((r) => r.name !== 'vitest');
const vitestFailedWithoutCount = results.some((r) => r.name === 'vitest' && !r.ok) && tests.failed === 0;
const passed = tests.passed + staticChecks.filter((r) => r.ok).length;
const failed = tests.failed + staticChecks.filter((r) => !r.ok).length + (vitestFailedWithoutCount ? 1 : 0);

console.log('');
if (slowest.length) {
  console.log('  slowest tests (limits: unit 30 s, server 60 s, e2e 60 s, stories 30 s):');
  for (const t of slowest) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
  console.log('');
}
if (projectTimes.length) {
  // Where the run's time went: from a project's first file starting to its last one ending, and its files' own time.
  console.log('  time by project (first start → last end; files summed):');
  for (const p of projectTimes)
    console.log(
      `  ${p.name.padEnd(9)} ${String(p.span).padStart(5)} s  ${String(p.files).padStart(5)} s  (${p.count} files)`,
    );
  console.log('');
}
if (retried.length) {
  // A pass on the second try is a race with a loaded machine or a real flake: say which, and why it failed first.
  console.log(`  passed on their retry (${retried.length}):`);
  for (const t of retried) console.log(`  ${t.name}\n      first failure: ${t.firstError}`);
  console.log('');
}
// In a fixed order, with each step's own time (the typecheck and the lint ran beside the tests).
const order = ['typecheck', 'lint', 'build web', 'vitest'];
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
console.log(
  `  ${tests.passed} tests passed, ${tests.failed} failed, ${tests.skipped} skipped; ${Math.round((Date.now() - started) / 1000)} s`,
);
console.log(`total: ${passed} passed, ${failed} failed, ${tests.skipped} skipped`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);

function seconds(since) {
  return Math.round((Date.now() - since) / 1000);
}

function markFailed(name) {
  const result = results.find((r) => r.name === name);
  if (result) result.ok = false;
}

/** The project a test file belongs to, by where it lives (vitest.config.ts). */
function projectOf(file) {
  if (file.endsWith('.stories.tsx')) return 'storybook';
  if (file.includes('.e2e.test.')) return 'e2e';
  if (file.includes('apps/server/test/')) return 'server';
  return 'unit';
}

/** Tests that passed after failing once (the browser projects retry once), with their first error's first line. */
function retriedTests(files) {
  return files.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'passed' && t.failureMessages?.length)
      .map((t) => ({
        name: `${path.relative(root, file.name)} › ${t.fullName}`,
        firstError: firstFailure(t.failureMessages[0]),
      })),
  );
}

/**
 * A retried test's first failure in up to three lines: its message, what Playwright was waiting
 * for (its call log's first step: a click's timeout names no locator), and the line of the test
 * file it failed at. The run's own output scrolls away; this summary is what a CI log keeps.
 */
function firstFailure(message) {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const waiting = lines.find((line) => line.startsWith('- waiting for '));
  const at = lines.find((line) => /\.(test|stories)\.tsx?:\d+/.test(line) && !line.includes('node_modules'));
  return [lines[0] ?? '', waiting, at?.replace(`${root}/`, '')].filter(Boolean).join('\n        ');
}

function timeByProject(files) {
  const projects = new Map();
  for (const file of files) {
    const name = projectOf(file.name);
    const p = projects.get(name) ?? { name, start: Infinity, end: 0, files: 0, count: 0 };
    p.start = Math.min(p.start, file.startTime);
    p.end = Math.max(p.end, file.endTime);
    p.files += file.endTime - file.startTime;
    p.count += 1;
    projects.set(name, p);
  }
  return [...projects.values()].map((p) => ({
    name: p.name,
    span: Math.round((p.end - p.start) / 1000),
    files: Math.round(p.files / 1000),
    count: p.count,
  }));
}
