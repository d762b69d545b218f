export {
  type SnackbarApi,
  SnackbarProvider,
  type SnackbarProviderProps,
  useSnackbar,
} from './SnackbarProvider.tsx';
export {
  type SnackbarAction,
  type SnackbarDurations,
  type SnackbarPlacement,
  type SnackbarSeverity,
  snackbarDefaults,
} from './snackbarQueue.ts';
