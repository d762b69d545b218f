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
export { ApiError } from './api/ApiError.ts';
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
export { AppointmentPage, appointmentText } from './appointment/AppointmentPage.tsx';
export * from './booking/index.ts';
export { ContactTemplatesPage } from './contact/ContactTemplatesPage.tsx';
export * from './data/index.ts';
export { createFakeGeolocation, type FakeGeolocation } from './demo/fakeGeolocation.ts';
export type { Fix, GeolocationAdapter } from './demo/geolocation.ts';
export { LocationTrackingPage, type LocationTrackingPageProps } from './demo/LocationTrackingPage.tsx';
export type { SharedPosition } from './demo/positionStream.ts';
export { THUMBNAIL_SIZE, useThumbnail } from './files/useThumbnail.ts';
export { EntityFormDialog, type EntityFormDialogProps } from './form/EntityFormDialog.tsx';
export type { FormMode } from './form/formValidation.ts';
export { HomeSections, type HomeSectionsProps } from './home/HomeSections.tsx';
export { ApiKeysPage } from './integration/ApiKeysPage.tsx';
export { OSM_TILE_URL } from './map/tiles.ts';
export { EntityDetailPage, type EntityDetailPageProps } from './pages/EntityDetailPage.tsx';
export { type EntityDialogState, EntityListPage, type EntityListPageProps } from './pages/EntityListPage.tsx';
export {
  browserSearchParams,
  memorySearchParams,
  SearchParamsProvider,
  type SearchParamsStore,
  useUrlState,
} from './pages/searchParams.tsx';
export { partsFor } from './parts/registry.ts';
export { PersonalDataAccessPage } from './privacy/PersonalDataAccessPage.tsx';
export { type Session, SessionProvider, type SessionUser, useSession } from './session/SessionContext.tsx';
export {
  createUnsavedChanges,
  DirtyReport,
  type UnsavedChanges,
  UnsavedChangesProvider,
  unsavedText,
  useUnsavedChanges,
  useUnsavedForm,
} from './session/unsavedChanges.tsx';
export * from './shipmentPlanning/index.ts';
export { EntityPartsProvider, useEntityParts } from './slots/EntityPartsContext.tsx';
export type { EntityParts, PartsRegistry } from './slots/types.ts';
export { SystemStatusPage } from './system/SystemStatusPage.tsx';
export { type Health, useHealth } from './system/useHealth.ts';
