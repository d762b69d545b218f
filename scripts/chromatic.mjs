// npm run chromatic: publish Storybook to Chromatic when a project token is configured.
import { ensureDependencies, log, pnpm } from './lib.mjs';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  log(
    'CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic. Visual regression runs locally in npm test (committed baselines).',
  );
  process.exit(0);
}
await ensureDependencies();
process.exit(
  await pnpm(['exec', 'chromatic', '--exit-zero-on-changes', '--build-script-name', 'build-storybook']),
);
