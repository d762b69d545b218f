import { registerSW } from 'virtual:pwa-register';
import { ThemeProvider } from '@lms/design-system';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DriverApp } from './DriverApp.tsx';

// The app's shell from the service worker (vite-plugin-pwa, Workbox): it opens with no signal. A
// new release is taken at the next start (never mid-stop: the driver may be filling a proof).
registerSW({ immediate: true });

const root = document.getElementById('root');
if (!root) throw new Error('driver.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <DriverApp />
    </ThemeProvider>
  </StrictMode>,
);
