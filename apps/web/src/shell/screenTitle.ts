import { designSystemMessages } from '@lms/design-system';
import { matchRoute } from './routes.ts';

/**
 * The name of the screen at `pathname`, for the top bar's heading and the browser's title: its
 * route's, else the invalid-URL screen's — every path no route takes shows that screen
 * (router.tsx), and a page's one heading must not be empty (WCAG 1.3.1; axe's empty-heading).
 */
export const screenTitle = (pathname: string): string =>
  matchRoute(pathname)?.title ?? designSystemMessages.invalidUrlTitle;
