import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { messages } from '../messages.ts';
import {
  ButtonContent,
  type ButtonLookProps,
  buttonLook,
  lookAttributes,
  VisuallyHidden,
} from './buttonLook.tsx';
import { useFocusVisible } from './focusVisible.ts';

export interface PlainButtonProps extends ButtonLookProps {
  /** Called on a click, Enter or Space (the browser's own button), not while loading or disabled. */
  readonly onPress?: () => void;
  readonly isDisabled?: boolean;
  readonly type?: 'button' | 'submit' | 'reset';
  readonly autoFocus?: boolean;
  readonly 'aria-label'?: string;
  readonly 'aria-describedby'?: string | undefined;
}

/** How long an announcement stays in the live region (react-aria's announcer clears after 7 s too). */
const ANNOUNCEMENT_MS = 7000;

/**
 * `Button`'s look and props on the browser's own `<button>`, without react-aria: the staff shell's
 * first screen (sign-in, home, the error screens) and the driver's app's first screens use it, so
 * the shell loads none of react-aria's press and focus code (≈ 19 kB gzip, issue 41). What
 * `Button` does for these screens, it does natively or by hand: Enter and Space press it; the
 * focus ring shows after a key, not after a pointer (`focusVisible.ts`); hover only for a pointer
 * that hovers (not a touch). Loading, as react-aria's pending button: it keeps focus
 * (`aria-disabled`, not `disabled`), a submit does not submit again, presses are ignored, and a
 * screen reader hears the change when the button has focus. Inside react-aria's widgets
 * (dialogs, menus, triggers that read its context) use `Button`.
 */
export function PlainButton({
  children,
  variant,
  size,
  isLoading = false,
  icon,
  fullWidth,
  onPress,
  isDisabled = false,
  type = 'button',
  className,
  ref,
  ...aria
}: PlainButtonProps) {
  const button = useRef<HTMLButtonElement | null>(null);
  const announcement = usePendingAnnouncement(button, isLoading);
  // Hover as react-aria's: a mouse or pen over it, never a touch (a tap leaves no hover behind).
  const [hovered, setHovered] = useState(false);
  const { isFocusVisible, focusProps } = useFocusVisible();
  return (
    <>
      <StyledButton
        {...aria}
        {...focusProps}
        ref={(node) => {
          button.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        className={className}
        type={isLoading && type === 'submit' ? 'button' : type}
        disabled={isDisabled}
        aria-disabled={isLoading || undefined}
        data-disabled={isDisabled || undefined}
        data-pending={isLoading || undefined}
        data-hovered={(hovered && !isLoading && !isDisabled) || undefined}
        data-focus-visible={isFocusVisible || undefined}
        onPointerEnter={(event) => setHovered(event.pointerType !== 'touch')}
        onPointerLeave={() => setHovered(false)}
        {...lookAttributes({ children, variant, size, fullWidth })}
        onClick={isLoading || isDisabled ? undefined : () => onPress?.()}
      >
        <ButtonContent isLoading={isLoading} icon={icon}>
          {children}
        </ButtonContent>
      </StyledButton>
      <VisuallyHidden aria-live="assertive">{announcement}</VisuallyHidden>
    </>
  );
}

/** What react-aria's pending button announces: its new name when loading starts or ends while it has focus. */
function usePendingAnnouncement(button: { readonly current: HTMLButtonElement | null }, isLoading: boolean) {
  const [text, setText] = useState('');
  const wasLoading = useRef(isLoading);
  useEffect(() => {
    const changed = wasLoading.current !== isLoading;
    wasLoading.current = isLoading;
    const node = button.current;
    if (!changed || !node || node.ownerDocument.activeElement !== node) return;
    setText(isLoading ? messages.working : (node.textContent ?? ''));
    const timer = setTimeout(() => setText(''), ANNOUNCEMENT_MS);
    return () => clearTimeout(timer);
  }, [button, isLoading]);
  return text;
}

const StyledButton = styled.button`
  ${buttonLook}
`;
