/**
 * The generic part of the web side (docs/entity-pages.md): the API client and `call`, the data
 * hooks, the session, presence and files, the entity pages, form, bulk actions, saved views and the
 * import dialog, and the slots through which a host hands each entity's parts in. It knows no
 * feature: the feature screens (`@lms/features`) build on what is exported here.
 */
export {
  type ApiClient,
  ApiProvider,
  fetchApiClient,
  type Query,
  queryString,
  type RequestOptions,
  type UploadAnswer,
  useApi,
} from './api/ApiContext.tsx';
export { ApiError, connectionFailure, isConnectionFailure } from './api/ApiError.ts';
export { useBranchScope } from './api/branchScope.ts';
export {
  type BytesOptions,
  type CallInput,
  type CallQuery,
  call,
  callForBytes,
  callWithFiles,
  callWithForm,
  operationPath,
} from './api/call.ts';
export { type ApiClientOptions, createApiClient, type HttpApiClient } from './api/client.ts';
export { fileNameFromContentDisposition, type SaveEnvironment, saveBlob } from './api/download.ts';
export {
  fetchEventStream,
  type OpenEventStream,
  parseEvents,
  readEvents,
  type ServerSentEvent,
} from './api/eventStream.ts';
export { usePdfTab } from './api/usePdfTab.ts';
export { type OpenBookingEvents, useServerEvents } from './api/useServerEvents.ts';
export * from './data/index.ts';
export { THUMBNAIL_SIZE, useThumbnail } from './files/useThumbnail.ts';
export { CheckboxField, ReadOnlyField, SelectField, toFieldOptions } from './form/controls.tsx';
export { EntityFormDialog, type EntityFormDialogProps } from './form/EntityFormDialog.tsx';
export { FieldGrid, FormSection } from './form/EntityFormFields.tsx';
export { FieldControl } from './form/FieldControl.tsx';
export { type FormMode, toFormErrors } from './form/formValidation.ts';
export { EntityDetailPage, type EntityDetailPageProps } from './pages/EntityDetailPage.tsx';
export { type EntityDialogState, EntityListPage, type EntityListPageProps } from './pages/EntityListPage.tsx';
export {
  columnStorageFor,
  entityColumns,
  localColumnStorage,
  ROW_ACTIONS_WIDTH,
} from './pages/entityColumns.tsx';
export { formatField, formatRaw, weekdayLabels } from './pages/formatValue.ts';
export { HistoryList } from './pages/HistoryList.tsx';
export { NamedFilterToggle } from './pages/NamedFilterToggle.tsx';
export { Page, PageHeader, Reason } from './pages/PageHeader.tsx';
export { ChildRows } from './pages/RecordFields.tsx';
export { RecordPage } from './pages/recordPage.ts';
export {
  browserSearchParams,
  memorySearchParams,
  SearchParamsProvider,
  type SearchParamsStore,
  useUrlState,
} from './pages/searchParams.tsx';
export { DEFAULT_PAGE_SIZE } from './pages/useListView.ts';
export {
  type Session,
  SessionProvider,
  type SessionUser,
  useCanBook,
  useSession,
} from './session/SessionContext.tsx';
export {
  createUnsavedChanges,
  DirtyReport,
  type UnsavedChanges,
  UnsavedChangesProvider,
  unsavedText,
  useUnsavedChanges,
  useUnsavedForm,
} from './session/unsavedChanges.tsx';
export { EntityPartsProvider, useEntityParts } from './slots/EntityPartsContext.tsx';
export type {
  EntityParts,
  FormPartProps,
  PartsRegistry,
  RecordPartProps,
  SelectionPartProps,
} from './slots/types.ts';
