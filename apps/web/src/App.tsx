import { ThemeProvider } from '@lms/design-system';
import { ApiProvider, fetchApiClient } from '@lms/entity-pages';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routes } from './routes.tsx';
import { swrOptions } from './swr.ts';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ThemeProvider>
      <ApiProvider client={fetchApiClient}>
        <SWRConfig value={swrOptions}>
          <RouterProvider router={router} />
        </SWRConfig>
      </ApiProvider>
    </ThemeProvider>
  );
}
