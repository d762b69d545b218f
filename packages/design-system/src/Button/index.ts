export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
export { VisuallyHidden } from './buttonLook.tsx';
export { PlainButton, type PlainButtonProps } from './PlainButton.tsx';
