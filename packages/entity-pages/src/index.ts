export { type ApiClient, ApiProvider, fetchApiClient, useApi } from './api/ApiContext.tsx';
export { ApiError } from './api/ApiError.ts';
export { SystemStatusPage } from './system/SystemStatusPage.tsx';
export { type Health, useHealth } from './system/useHealth.ts';
