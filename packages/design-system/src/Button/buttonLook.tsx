import type { ReactNode, Ref } from 'react';
import styled, { css } from 'styled-components';
import { messages } from '../messages.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** What `Button` and `PlainButton` share: the look's props. */
export interface ButtonLookProps {
  readonly children: ReactNode;
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** Shows a spinner and ignores presses until the work is done; the label stays for width. */
  readonly isLoading?: boolean;
  /** An icon before the label. */
  readonly icon?: ReactNode;
  readonly fullWidth?: boolean;
  readonly className?: string;
  readonly ref?: Ref<HTMLButtonElement>;
}

/**
 * The button's look, one definition for both buttons: react-aria sets the state attributes
 * (`data-hovered`, `data-focus-visible`, …) on `Button`, `PlainButton` sets them itself.
 */
export const buttonLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  position: relative;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.fast};
  outline: none;

  &[data-size='sm'] { min-height: 32px; padding: 0 ${({ theme }) => theme.space[3]}; font-size: ${({ theme }) => theme.font.size.sm}; }
  &[data-size='md'] { min-height: ${({ theme }) => theme.size.inputHeight}; padding: 0 ${({ theme }) => theme.space[4]}; }
  &[data-size='lg'] { min-height: 52px; padding: 0 ${({ theme }) => theme.space[5]}; font-size: ${({ theme }) => theme.font.size.lg}; }
  &[data-full-width] { width: 100%; }

  &[data-variant='primary'] { background: ${({ theme }) => theme.color.primary}; color: ${({ theme }) => theme.color.primaryText}; }
  &[data-variant='primary'][data-hovered] { background: ${({ theme }) => theme.color.primaryHover}; }
  &[data-variant='secondary'] { background: ${({ theme }) => theme.color.secondary}; color: ${({ theme }) => theme.color.secondaryText}; }
  &[data-variant='secondary'][data-hovered] { background: ${({ theme }) => theme.color.secondaryHover}; }
  &[data-variant='danger'] { background: ${({ theme }) => theme.color.danger}; color: ${({ theme }) => theme.color.primaryText}; }
  &[data-variant='danger'][data-hovered] { background: ${({ theme }) => theme.color.dangerHover}; }
  &[data-variant='ghost'] { background: transparent; color: ${({ theme }) => theme.color.primary}; }
  &[data-variant='ghost'][data-hovered] { background: ${({ theme }) => theme.color.secondary}; }

  &[data-focus-visible] { box-shadow: 0 0 0 3px ${({ theme }) => theme.color.surface}, 0 0 0 5px ${({ theme }) => theme.color.focus}; }
  &[data-disabled] {
    cursor: not-allowed;
    background: ${({ theme }) => theme.color.disabledBackground};
    color: ${({ theme }) => theme.color.disabledText};
  }
  &[data-pending] { cursor: progress; }
`;

/** The data attributes the look reads, from the look's props. */
export const lookAttributes = ({ variant = 'primary', size = 'md', fullWidth = false }: ButtonLookProps) => ({
  'data-variant': variant,
  'data-size': size,
  'data-full-width': fullWidth || undefined,
});

/** What a button shows: the spinner (or icon), the label kept for width, the working text for screen readers. */
export function ButtonContent({ children, isLoading = false, icon }: ButtonLookProps) {
  return (
    <>
      {isLoading ? <Spinner aria-hidden="true" /> : icon}
      <Label data-hidden={isLoading || undefined}>{children}</Label>
      {isLoading && <VisuallyHidden>{messages.working}</VisuallyHidden>}
    </>
  );
}

const Label = styled.span`
  &[data-hidden] { visibility: hidden; }
`;

const Spinner = styled.span`
  position: absolute;
  width: 18px;
  height: 18px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: lms-spin 0.8s linear infinite;
  @keyframes lms-spin { to { transform: rotate(360deg); } }
`;

/** Read by screen readers, not drawn. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

/** The 44 px touch target (spec §9) of a button that shows only an icon, centred. */
export const iconButtonTarget = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
`;
