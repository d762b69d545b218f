import type { Plugin } from 'vite';
import { cssVariables } from '../../../packages/design-system/src/theme/theme.ts';

const ID = 'virtual:lms-tokens.css';
const RESOLVED = `\0${ID}`;

/**
 * Vite plugin: `import 'virtual:lms-tokens.css'` is the design tokens' CSS variables
 * (`--lms-color-primary: …` on `:root`), written at build time from the design system's one
 * definition. A page without styled-components (the customer's appointment page) styles with
 * the same variables, in a stylesheet that works before and without any script.
 */
export function tokensCss(): Plugin {
  return {
    name: 'lms-tokens-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    // The `.css` suffix of the resolved id makes Vite treat it as a stylesheet.
    load: (id) => (id === RESOLVED ? `:root {\n${cssVariables()}\n}\n` : undefined),
  };
}
