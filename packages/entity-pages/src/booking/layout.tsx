import { featureRoles } from '@lms/domain';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSession } from '../session/SessionContext.tsx';

/** Shared pieces of the booking screens. */

/** Only DO_BOOKING edit (and admin) books; both roles see every booking page (spec §6). */
export function useCanBook(): boolean {
  const { user } = useSession();
  return !!user && featureRoles.doBooking.edit.some((role) => user.roles.includes(role));
}

export function Alert({
  children,
  tone = 'danger',
}: {
  readonly children: ReactNode;
  readonly tone?: 'danger' | 'warning';
}) {
  return (
    <AlertBox role="alert" data-tone={tone}>
      {children}
    </AlertBox>
  );
}

export function Messages({ messages }: { readonly messages: readonly string[] }) {
  return (
    <>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </>
  );
}

const AlertBox = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid #e8b4b0;
  background: #fbe9e7;
  color: #8f1e18;
  & p { margin: 0; }
  &[data-tone='warning'] { border-color: #f0c890; background: #fff4e5; color: #6d3d00; }
`;

export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  & > h2, & > h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

/** Label/value pairs laid out in a responsive grid. */
export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: 0;
  & > div { min-width: 0; }
  & dt { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  & dd { margin: 0; font-weight: ${({ theme }) => theme.font.weight.medium}; overflow-wrap: anywhere; }
`;

export function Figure({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Focusable so that a keyboard can scroll it on a phone. */
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  min-width: 0;
  & table { width: 100%; border-collapse: collapse; font-size: ${({ theme }) => theme.font.size.md}; }
  & th, & td {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: top;
  }
  & th { background: ${({ theme }) => theme.color.background}; font-weight: ${({ theme }) => theme.font.weight.medium}; white-space: nowrap; }
  & td[data-number] { text-align: right; white-space: nowrap; }
`;

/** Fields side by side, wrapping onto more lines as the panel narrows (two short fields still share a phone's line). */
export const FieldRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  & > * { flex: 1 1 120px; min-width: 0; }
`;
