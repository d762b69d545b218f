import styled, { css } from 'styled-components';

/** The column every field is laid out in: label, control, description, error. */
export const fieldColumn = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

/** The 44 px box of text-like controls (spec §9 input height), with its states. */
export const controlBox = css`
  box-sizing: border-box;
  min-height: ${({ theme }) => theme.size.inputHeight};
  width: 100%;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  outline: none;

  &[data-focused], &[data-focus-within], &[data-focus-visible] {
    border-color: ${({ theme }) => theme.color.focus};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.color.focus};
  }
  &[data-invalid] { border-color: ${({ theme }) => theme.color.danger}; }
  &[data-invalid][data-focused], &[data-invalid][data-focus-within] {
    box-shadow: 0 0 0 1px ${({ theme }) => theme.color.danger};
  }
  &[data-disabled] {
    background: ${({ theme }) => theme.color.disabledBackground};
    color: ${({ theme }) => theme.color.disabledText};
    cursor: not-allowed;
  }
  &[readonly], &[data-readonly] { background: ${({ theme }) => theme.color.background}; }
  &::placeholder { color: ${({ theme }) => theme.color.textMuted}; }
`;

/** Wrapper for fields that do not come from react-aria (read-only display). */
export const FieldColumn = styled.div`
  ${fieldColumn}
`;
