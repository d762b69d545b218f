import { LOGIN_PATH, ROUTE_PREFIXES } from '@lms/domain';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage.tsx';
import { HostRoot } from '../HostRoot.tsx';
import { HostStatusScreen } from '../pages/HostStatusScreen.tsx';
import { RoutePage } from '../pages/RoutePage.tsx';
import { ProtectedLayout } from '../session/ProtectedLayout.tsx';
import { routes as routeTable } from './routes.ts';

/**
 * React Router's routes, in one place: every route of the table (shell/routes.ts, spec §2) behind
 * the session guard, the login page outside it, and the invalid-URL screen for anything else.
 * What each route shows is the screen it names (pages/RoutePage.tsx).
 */
export const routerRoutes: RouteObject[] = [
  {
    element: <HostRoot />,
    children: [
      { path: LOGIN_PATH, element: <LoginPage /> },
      // Unknown public paths need no session: the invalid-URL screen on its own. (The customer's
      // appointment link, /public/appointment/<token>, is a page of its own the server renders.)
      { path: `${ROUTE_PREFIXES.auth}/*`, element: <HostStatusScreen kind="invalid-url" /> },
      { path: `${ROUTE_PREFIXES.public}/*`, element: <HostStatusScreen kind="invalid-url" /> },
      {
        element: <ProtectedLayout />,
        children: [
          ...routeTable
            .filter((route) => route.kind !== 'login')
            .map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
          { path: '*', element: <HostStatusScreen kind="invalid-url" /> },
        ],
      },
    ],
  },
];
