import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Shared pieces of the booking screens. */

export function Messages({ messages }: { readonly messages: readonly string[] }) {
  return (
    <>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </>
  );
}

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
