import { BlockingProvider, SnackbarProvider, StatusScreen, ThemeProvider } from '@lms/design-system';
import { MESSAGES, messagesOfError } from '@lms/domain';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { storageWorks } from './session/browserStorage.ts';
import { routerRoutes } from './shell/router.tsx';
import { HOST_TEXT } from './text.ts';

const router = createBrowserRouter(routerRoutes);

/** Providers above the router: theme, snackbars and the blocking spinner (they outlive page changes, e.g. a 401 → login). */
export function App() {
  return (
    <ThemeProvider>
      {storageWorks() ? (
        <SnackbarProvider>
          {/* Every blocking operation (the branch switch, …) runs through useBlocking(): spec §8. */}
          <BlockingProvider messagesOf={messagesOfError}>
            <RouterProvider router={router} />
          </BlockingProvider>
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
