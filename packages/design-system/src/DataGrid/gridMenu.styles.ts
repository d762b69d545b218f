import { MenuItem, Popover } from 'react-aria-components';
import styled from 'styled-components';

/** The grid's small menus (column chooser, a column's own menu): one look for their popover and rows. */
export const GridMenuPopover = styled(Popover)`
  min-width: 180px;
  padding: ${({ theme }) => theme.space[1]} 0;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  & [role='menu'] { outline: none; }
`;

export const GridMenuItem = styled(MenuItem)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  cursor: pointer;
  outline: none;
  &[data-focused] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-disabled] { color: ${({ theme }) => theme.color.disabledText}; cursor: not-allowed; }
`;
