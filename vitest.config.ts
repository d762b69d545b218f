import { availableParallelism } from 'node:os';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { noOnScreenKeyboard } from './.storybook/noOnScreenKeyboard.ts';
import { captureMatchesBaseline, storeBaselineAsCaptured } from './.storybook/storyScreenshot.ts';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

// One Vitest run, several projects: each kind of test lives where architecture.md says.
export default defineConfig({
  test: {
    // Node-side files on every core: Vitest's default keeps one core back, which on 2 cores ran
    // unit, server and e2e files one at a time beside the stories (docs/performance.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Pure modules and tests that restore what they stub: one module graph per worker
          // instead of importing the domain again for each of 70 files.
          isolate: false,
          // The engine's property tests run hundreds of suggestions: ~2 s alone, 6–7 s on a loaded machine.
          testTimeout: 30_000,
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'tests/**/*.test.ts'],
          setupFiles: ['tests/nodeSidePriority.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Each file has its own database and server (harness.ts) and the server keeps its state
          // per app instance: the files of a worker share the modules instead of importing the
          // server again for each of 40 files.
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['tests/nodeSidePriority.ts'],
          // The 200-confirm races take ~5–10 s alone and reached 30 s with the machine loaded six-fold.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // A browser test may lose a race with a loaded machine once; a real failure fails twice.
          retry: 1,
          environment: 'node',
          // Each file has its own server and database (harness.ts); not isolating them lets the
          // files of a worker share one Chromium (e2e/browser.ts) and the server's modules.
          isolate: false,
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['tests/nodeSidePriority.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' }), noOnScreenKeyboard()],
        // React and styled-components in their production builds, as the product ships: the
        // development builds' checks cost ~20 % of Chromium's time per story, and nothing here
        // reads their warnings (`npm run storybook` keeps them for people at work).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        optimizeDeps: {
          // react-aria is pre-bundled: the keyboard threshold is changed in the bundle too.
          rolldownOptions: { plugins: [noOnScreenKeyboard()] },
          // Pre-bundled up front, or Vitest reloads mid-run when it discovers them.
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'styled-components',
            'react-aria-components',
            'swr',
            'msw',
            'msw/browser',
            'msw-storybook-addon/csf3',
            'react-router-dom',
            '@internationalized/date',
            // A dependency of the design system only: named through it, or Vite cannot resolve it from here.
            '@lms/design-system > signature_pad',
            // The account menu's trigger is written on react-aria's hooks by their own entries (the shell
            // loads no react-aria-components): discovered mid-run, they reloaded the tab and failed 60 files.
            '@lms/design-system > react-aria/useFocusVisible',
            '@lms/design-system > react-aria/useMenu',
            '@lms/design-system > react-aria/I18nProvider',
            '@lms/design-system > react-aria/mergeRefs',
            '@lms/design-system > react-stately/useMenuTriggerState',
            '@lms/features > idb',
          ],
        },
        test: {
          name: 'storybook',
          // One tab (no maxWorkers of its own): two tabs gained nothing a full run could show
          // (docs/performance.md, "Less CPU per run").
          // The story files share their tab's iframe: Storybook's setup (annotations, axe, MSW's
          // worker) runs once, not once per file. A file must leave nothing behind that changes
          // the next one (docs/performance.md, "One iframe for every story file").
          isolate: false,
          // A browser test may lose a race with a loaded machine once; a real failure fails twice.
          retry: 1,
          // Stories take 1–7 s alone; with all four projects sharing 2 cores a few reach 15 s.
          testTimeout: 30_000,
          setupFiles: ['.storybook/vitest.setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
            // A story's screenshot as Chromium's bytes first (.storybook/storyScreenshot.ts).
            commands: { captureMatchesBaseline, storeBaselineAsCaptured },
            // The size Storybook gives every story without a viewport of its own (1200×900): Vitest
            // sizes the iframe to this between files, and a page 132 px shorter reads to react-aria
            // as a phone's keyboard opening (docs/performance.md).
            viewport: { width: 1200, height: 900 },
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Anti-aliasing differs slightly between runs; a real change moves far more pixels.
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.001 },
              },
            },
          },
        },
      },
    ],
  },
});
