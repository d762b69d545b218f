export {
  type ApiClient,
  ApiProvider,
  fetchApiClient,
  type Query,
  queryString,
  type UploadAnswer,
  useApi,
} from './api/ApiContext.tsx';
export { ApiError } from './api/ApiError.ts';
export { type Session, SessionProvider, type SessionUser, useSession } from './session/SessionContext.tsx';
export { SystemStatusPage } from './system/SystemStatusPage.tsx';
export { type Health, useHealth } from './system/useHealth.ts';
