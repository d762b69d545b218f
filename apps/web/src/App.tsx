import { BlockingProvider, SnackbarProvider, StatusScreen, ThemeProvider } from '@lms/design-system';
import { MESSAGES, messagesOfError } from '@lms/domain';
import { useLocation, useRoutes } from 'react-router-dom';
import { ReleasePrompt } from './release/ReleasePrompt.tsx';
import { storageWorks } from './session/browserStorage.ts';
import { GuardedRouter } from './shell/GuardedRouter.tsx';
import { routerRoutes } from './shell/router.tsx';
import { ScreenErrorBoundary } from './shell/ScreenErrorBoundary.tsx';
import { HOST_TEXT } from './text.ts';

function Screens() {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary at={pathname}>{useRoutes(routerRoutes)}</ScreenErrorBoundary>;
}

/** Providers above the router: theme, snackbars and the blocking spinner (they outlive page changes, e.g. a 401 → login). */
export function App() {
  return (
    <ThemeProvider>
      {storageWorks() ? (
        <SnackbarProvider>
          <ReleasePrompt />
          {/* Every blocking operation (the branch switch, …) runs through useBlocking(): spec §8. */}
          <BlockingProvider messagesOf={messagesOfError}>
            <GuardedRouter>
              <Screens />
            </GuardedRouter>
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
