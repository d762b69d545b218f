import { type Answer, type FoundRecord, RECORD_SEARCH, searchApi } from '@lms/domain';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';
import { call } from '../api/call.ts';
import { useSession } from '../session/SessionContext.tsx';

/** Typing pauses this long before a search goes out: one request per word, not per key. */
export const RECORD_SEARCH_DELAY_MS = 250;

export type RecordSearchStatus = 'idle' | 'loading' | 'done' | 'error';

/**
 * Records whose code or document number contains `term` (`GET /search`, the command palette),
 * in the acting branch. Below the minimum length nothing is asked.
 */
export function useRecordSearch(term: string): {
  readonly records: readonly FoundRecord[];
  readonly status: RecordSearchStatus;
  readonly error: ApiError | undefined;
} {
  const api = useApi();
  const { branchId } = useSession();
  const wanted = term.trim();
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), RECORD_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const enough = asked.length >= RECORD_SEARCH.minLength;
  const { data, error, isLoading } = useSWR<Answer<typeof searchApi.records>, ApiError>(
    enough ? ['search', 'records', branchId, asked] : null,
    () =>
      call(api, searchApi.records, { query: { term: asked, ...(branchId ? { branchId } : {}) } }),
    // The palette shows a failure in its status line; a snackbar as well would say it twice.
    { onError: () => {} },
  );
  // What the box says now is what is shown: while typing pauses, the last answer is not current.
  const current = wanted === asked && wanted.length >= RECORD_SEARCH.minLength;
  if (wanted.length < RECORD_SEARCH.minLength) return { records: [], status: 'idle', error: undefined };
  if (!current || isLoading) return { records: [], status: 'loading', error: undefined };
  if (error) return { records: [], status: 'error', error };
  return { records: data ?? [], status: 'done', error: undefined };
}
