export {
  type SnackbarApi,
  SnackbarProvider,
  type SnackbarProviderProps,
  type SnackbarSetting,
  useSnackbar,
} from './SnackbarProvider.tsx';
export {
  type SnackbarAction,
  type SnackbarDurations,
  type SnackbarPlacement,
  type SnackbarSeverity,
  snackbarDefaults,
} from './snackbarQueue.ts';
