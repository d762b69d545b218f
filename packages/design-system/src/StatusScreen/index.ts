export { StatusScreen, type StatusScreenKind, type StatusScreenProps } from './StatusScreen.tsx';
