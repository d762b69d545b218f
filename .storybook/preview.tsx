import { ThemeProvider } from '@lms/design-system';
import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { SWRConfig } from 'swr';

const preview: Preview = {
  loaders: [mswLoader()],
  decorators: [
    // Each story gets the theme, the Thai font and its own SWR cache (no leaks between stories).
    (Story) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <ThemeProvider>
          <div data-story-root="">
            <Story />
          </div>
        </ThemeProvider>
      </SWRConfig>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story's test, react-aria's live-announcer region included:
    // a pending button that goes leaves its words there (the design system's keepAnnouncedName.ts).
    a11y: {
      test: 'error',
      // Violations are found and reported in full either way; passes and incompletes keep one
      // example node each instead of a selector for every node of the page, which took half of
      // axe's time per story (docs/performance.md, the test suite).
      //
      // Of what axe loads before its rules by default (the page's CSSOM and its media), the CSSOM
      // serves one rule, css-orientation-lock, which is experimental and off in axe's default
      // set: the CSSOM was copied and parsed again for every story all the same, and the shared
      // iframe's styled-components sheet grows with every file of the run. The media, which
      // no-autoplay-audio reads, is still loaded; the rules and their results are the same.
      options: { resultTypes: ['violations'], preload: { assets: ['media'] } },
    },
  },
  initialGlobals: { locale: 'th' },
};

export default preview;
