import styled from 'styled-components';
import { iconButtonTarget } from '../Button/buttonLook.tsx';

/** What the permanent drawer and the phone's drawer (MobileDrawer.tsx) share: the brand row and the icon buttons. */
export const Brand = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  [data-rail] & { justify-content: center; padding: 0; }
`;

export const IconButton = styled.button`
  ${iconButtonTarget}
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.background}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
`;
