import { holdIdleWork } from '@lms/design-system';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { authStore } from './session/authStore.ts';
import { storageWorks } from './session/browserStorage.ts';
import { sendEarly, sendSessionCheckEarly } from './session/earlyRequests.ts';
import { preloadScreenAt } from './shell/routes.ts';
import { reloadOnStaleChunk } from './staleChunks.ts';

reloadOnStaleChunk();
// A signed-in user's page: the session's check (userInfo) goes out first, then its screen's chunk
// starts beside it, not once the session is known (docs/web.md "What the first screen waits for").
if (storageWorks() && authStore.token()) {
  sendSessionCheckEarly(authStore.token);
  // A list's first page too, as soon as the list's chunk has run (pages/EntityScreen.tsx). What
  // the app does when idle (dialogs' chunks, the service worker) waits for these.
  holdIdleWork(
    preloadScreenAt(window.location.pathname, window.location.search, (request) =>
      sendEarly(authStore.token, request),
    ),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
