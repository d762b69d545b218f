import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A page's title (h2: the app shell's top bar holds the page's h1) and its actions; wraps on a phone. */
export function PageHeader({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <Header>
      <h2>{title}</h2>
      {children && <Actions>{children}</Actions>}
    </Header>
  );
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  & > h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xxl}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

/** Why an action is not available, next to its disabled button (a tooltip cannot reach a disabled button). */
export const Reason = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;
