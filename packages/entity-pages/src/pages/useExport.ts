import { useSnackbar } from '@lms/design-system';
import { type EntityDef, entityApi, MESSAGES } from '@lms/domain';
import { useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { callForBytes } from '../api/call.ts';
import { saveBlob } from '../api/download.ts';
import { branchQuery, type ListQuery, listQueryParams } from '../data/entityKeys.ts';
import { useSession } from '../session/SessionContext.tsx';

/** Excel export of the list's current filter, search and sort (not its paging). */
export function useExport(entity: EntityDef, query: ListQuery) {
  const api = useApi();
  const { branchId } = useSession();
  const snackbar = useSnackbar();
  const [isExporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const { page: _page, size: _size, ...params } = listQueryParams(query);
      const { blob, fileName } = await callForBytes(api, entityApi(entity).export, {
        query: { ...params, ...branchQuery(entity, branchId) },
      });
      saveBlob(blob, fileName ?? `${entity.title}.xlsx`);
    } catch (error) {
      snackbar.error(error instanceof ApiError ? [...error.messages] : MESSAGES.downloadFailed.text);
    } finally {
      setExporting(false);
    }
  };
  return { run, isExporting };
}
