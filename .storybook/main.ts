import type { StorybookConfig } from '@storybook/react-vite';

// One Storybook for every package: design-system components and entity/booking screens.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../apps/web/src/**/*.stories.@(ts|tsx)',
  ],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  staticDirs: ['./public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // react-docgen (Babel) reads the props' types for the docs' tables; react-docgen-typescript needs
  // TypeScript 5's compiler API, which TypeScript 7 (the project's typecheck) no longer ships.
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
