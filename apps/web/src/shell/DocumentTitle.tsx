import { pageTitle } from '@lms/domain';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { screenTitle } from './screenTitle.ts';

/**
 * The browser's title follows the screen (WCAG 2.4.2): a dispatcher with the planning screen, the
 * board and a DO list open in three tabs tells them apart, history lists each by its name, and a
 * screen reader announces it on each move. The name is the one the top bar shows (`screenTitle`).
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const title = pageTitle(screenTitle(pathname));
  // Before the screen's own effects: a detail page puts its record in front (`useScreenDetail`).
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
