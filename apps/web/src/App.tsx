import { SnackbarProvider, StatusScreen, ThemeProvider } from '@lms/design-system';
import { MESSAGES } from '@lms/domain';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes.tsx';
import { storageWorks } from './session/browserStorage.ts';
import { HOST_TEXT } from './text.ts';

const router = createBrowserRouter(routes);

/** Providers above the router: theme and snackbars (they outlive page changes, e.g. a 401 → login). */
export function App() {
  return (
    <ThemeProvider>
      {storageWorks() ? (
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      ) : (
        <StatusScreen
          kind="invalid-url"
          title={HOST_TEXT.storageTitle}
          message={MESSAGES.cookiesDisabled.text}
        />
      )}
    </ThemeProvider>
  );
}
