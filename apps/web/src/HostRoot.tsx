import { Outlet } from 'react-router-dom';
import { AuthProvider } from './session/AuthProvider.tsx';
import { DocumentTitle } from './shell/DocumentTitle.tsx';
import { ScrollKeeper } from './shell/ScrollKeeper.tsx';
import { scrollKey } from './shell/scrollKey.ts';

/** The root route: the session (and its API client) around every page, login included. */
export function HostRoot() {
  return (
    <AuthProvider>
      <Outlet />
      {/*
       * Another page opens at its top (a figure's link low on the performance page opened its list
       * scrolled past its filters), and back returns where the page was (scrollKey.ts).
       */}
      <ScrollKeeper getKey={scrollKey} />
      <DocumentTitle />
    </AuthProvider>
  );
}
