import { SystemStatusPage } from '@lms/entity-pages';
import type { RouteObject } from 'react-router-dom';
import styled from 'styled-components';

const Main = styled.main`
  padding: ${({ theme }) => theme.space[5]};
`;

/** The route table. Entity routes are derived from the domain declarations as they land. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Main>
        <SystemStatusPage />
      </Main>
    ),
  },
];
