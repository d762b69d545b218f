import { ApiKeysPage } from '@lms/features/integration';

/** The administrator's API keys for the ERP (docs/integration.md), in its own chunk. */
export function ApiKeysScreen() {
  return <ApiKeysPage />;
}
