import { type Ref, useMemo, useRef } from 'react';
import { mergeRefs } from 'react-aria/mergeRefs';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { ButtonContent, type ButtonLookProps, buttonLook, lookAttributes } from './buttonLook.tsx';
import { useKeepAnnouncedName } from './keepAnnouncedName.ts';

export {
  type ButtonSize,
  type ButtonVariant,
  iconButtonTarget,
  VisuallyHidden,
  visuallyHidden,
} from './buttonLook.tsx';

export interface ButtonProps
  extends Omit<AriaButtonProps, 'children' | 'className' | 'style' | 'isPending'>,
    ButtonLookProps {}

/**
 * The design system's button: react-aria's, for every screen and inside react-aria's widgets
 * (dialogs, menus, triggers read its context). The staff shell's first screen uses
 * `PlainButton`, the same look on a native button (issue 41).
 */
export function Button({
  children,
  variant,
  size,
  isLoading = false,
  icon,
  fullWidth,
  ref,
  ...props
}: ButtonProps & { readonly ref?: Ref<HTMLButtonElement> }) {
  const element = useRef<HTMLButtonElement>(null);
  const refs = useMemo(() => mergeRefs(ref, element), [ref]);
  useKeepAnnouncedName(element);
  return (
    <StyledButton
      {...props}
      ref={refs}
      isPending={isLoading}
      {...lookAttributes({ children, variant, size, fullWidth })}
    >
      <ButtonContent isLoading={isLoading} icon={icon}>
        {children}
      </ButtonContent>
    </StyledButton>
  );
}

const StyledButton = styled(AriaButton)`
  ${buttonLook}
`;
