import type { ReactElement, ReactNode } from 'react';
import {
  Button as AriaButton,
  Tooltip as AriaTooltip,
  Focusable,
  OverlayArrow,
  TooltipTrigger,
} from 'react-aria-components';
import styled from 'styled-components';
import { iconButtonTarget } from '../Button/buttonLook.tsx';
import { Icon, type IconName } from '../Icon/index.ts';

/** Spec §9: "tooltip enter delay 100 ms" (react-aria's own default is 1500 ms). */
export const tooltipEnterDelayMs = 100;

export interface TooltipProps {
  /** What the tooltip says: a short Thai phrase. */
  readonly content: ReactNode;
  /**
   * The element it describes: a react-aria focusable (this package's Button, IconButton…);
   * react-aria opens the tooltip on its hover and keyboard focus, and names it in aria-describedby.
   */
  readonly children: ReactElement;
  readonly placement?: 'top' | 'bottom' | 'start' | 'end';
}

/** A hint over a control, after the spec's 100 ms; Escape or leaving closes it at once. */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  return (
    <TooltipTrigger delay={tooltipEnterDelayMs} closeDelay={0}>
      {children}
      <Bubble placement={placement} offset={8}>
        <OverlayArrow>
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </Bubble>
    </TooltipTrigger>
  );
}

export interface DisabledReasonProps {
  /** Why the action cannot be taken now; null when it can (the action is shown as it is). */
  readonly reason: string | null;
  /** The disabled action (isDisabled set by the caller). */
  readonly children: ReactElement;
}

/**
 * A disabled action with the reason it is disabled. A disabled button takes neither hover nor
 * focus, so the reason hangs on a focusable wrapper: a mouse hovering it and a keyboard tabbing
 * to it both get the tooltip, and a screen reader hears it as the wrapper's description.
 */
export function DisabledReason({ reason, children }: DisabledReasonProps) {
  if (!reason) return children;
  return (
    <Tooltip content={reason}>
      <Focusable>
        <Wrapper tabIndex={0} role="group" aria-label={reason}>
          {children}
        </Wrapper>
      </Focusable>
    </Tooltip>
  );
}

export interface IconButtonProps {
  readonly icon: IconName;
  /** The button's name, also its tooltip: an icon alone says nothing to most people. */
  readonly label: string;
  readonly onPress?: () => void;
  readonly isDisabled?: boolean;
}

/** A button that shows only an icon: its label is its accessible name and its 100 ms tooltip. */
export function IconButton({ icon, label, onPress, isDisabled }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <RoundButton aria-label={label} onPress={onPress} isDisabled={isDisabled}>
        <Icon name={icon} />
      </RoundButton>
    </Tooltip>
  );
}

const Wrapper = styled.span`
  display: inline-flex;
  border-radius: ${({ theme }) => theme.radius.md};
  outline: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

const RoundButton = styled(AriaButton)`
  ${iconButtonTarget}
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.color.background}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.color.focus}; }
  &[data-disabled] { opacity: 0.45; cursor: default; }
`;

const Bubble = styled(AriaTooltip)`
  max-width: min(320px, calc(100vw - 16px));
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #1f2937;
  color: #fff;
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.5;
  overflow-wrap: anywhere;
  white-space: pre-line;
  z-index: ${({ theme }) => theme.layer.snackbar};
  & svg { display: block; fill: #1f2937; }
  &[data-placement='bottom'] svg { transform: rotate(180deg); }
  &[data-placement='left'] svg { transform: rotate(-90deg); }
  &[data-placement='right'] svg { transform: rotate(90deg); }
`;
