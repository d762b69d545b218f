export { BlockingSpinner, type BlockingSpinnerProps } from './BlockingSpinner.tsx';
