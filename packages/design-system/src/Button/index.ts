export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
export { PlainButton, type PlainButtonProps } from './PlainButton.tsx';
