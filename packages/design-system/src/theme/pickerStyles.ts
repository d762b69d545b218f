import { css } from 'styled-components';

/**
 * A row to pick in a react-aria ListBox that is a menu rather than a form field (the branch
 * picker, the command palette): one look for the pointer, hover, focus and the keyboard ring.
 */
export const menuListItem = css`
  display: flex;
  align-items: center;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  outline: none;
  &[data-focused], &[data-hovered] { background: ${({ theme }) => theme.color.background}; }
  &[data-focus-visible] { box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

/** The search box at the top of such a picker: borderless, the frame around it draws the edge. */
export const pickerSearchInput = css`
  flex: 1 1 auto;
  min-width: 0;
  height: 42px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  outline: none;
  &::-webkit-search-cancel-button { display: none; }
`;
