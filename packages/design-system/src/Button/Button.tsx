import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { ButtonContent, type ButtonLookProps, buttonLook, lookAttributes } from './buttonLook.tsx';

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
  ...props
}: ButtonProps) {
  return (
    <StyledButton
      {...props}
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
