import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { authStore } from './session/authStore.ts';
import { storageWorks } from './session/browserStorage.ts';
import { sendSessionCheckEarly } from './session/earlyRequests.ts';
import { preloadScreenAt } from './shell/routes.ts';
import { reloadOnStaleChunk } from './staleChunks.ts';

reloadOnStaleChunk();
// A signed-in user's page: the session's check (userInfo) goes out first, then its screen's chunk
// starts beside it, not once the session is known (docs/web.md "What the first screen waits for").
if (storageWorks() && authStore.token()) {
  sendSessionCheckEarly(authStore.token);
  preloadScreenAt(window.location.pathname);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
