import type { Location } from 'react-router-dom';

/**
 * Where the window's scroll position is kept (ScrollKeeper in HostRoot): one per page, so
 * another page opens at its top and back returns where it was. A list's own search, sort and
 * page live in its address's query, and its create and edit dialogs in its path
 * (`/province/create`, `/province/edit/7`, docs/entity-pages.md): the list behind them is the same
 * page and stays where it is.
 */
export const scrollKey = (location: Pick<Location, 'pathname'>): string =>
  location.pathname.replace(/\/(create|edit(\/[^/]*)?)$/, '');
