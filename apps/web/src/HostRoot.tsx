import { Outlet } from 'react-router-dom';
import { AuthProvider } from './session/AuthProvider.tsx';

/** The root route: the session (and its API client) around every page, login included. */
export function HostRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
