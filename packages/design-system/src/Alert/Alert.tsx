import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from '../Icon/Icon.tsx';

export interface AlertProps {
  /** `danger` for a failure the user must act on; `warning` for something that still lets them go on. */
  readonly tone?: 'danger' | 'warning';
  /** Shows the warning sign before the text. */
  readonly withIcon?: boolean;
  readonly children: ReactNode;
}

/**
 * A message in the page's flow (a form's server error, a booking step's refusal), announced to
 * screen readers when it appears. Line breaks in a text child are kept: the server's messages
 * arrive joined by newlines.
 */
export function Alert({ tone = 'danger', withIcon = false, children }: AlertProps) {
  return (
    <Box role="alert" data-tone={tone}>
      {withIcon && <Icon name="warning" />}
      <div>{children}</div>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid #e8b4b0;
  background: #fbe9e7;
  color: #8f1e18;
  white-space: pre-line;
  overflow-wrap: anywhere;
  & > div { min-width: 0; }
  & p { margin: 0; }
  & svg { flex: none; margin-top: 3px; }
  &[data-tone='warning'] { border-color: #f0c890; background: #fff4e5; color: #6d3d00; }
`;
