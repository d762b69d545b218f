export { BlockingSpinner, type BlockingSpinnerProps } from './BlockingSpinner.tsx';
export { type BlockingOptions, BlockingProvider, type RunBlocking, useBlocking } from './blocking.tsx';
export { LoadingScreen, type LoadingScreenProps } from './LoadingScreen.tsx';
