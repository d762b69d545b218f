import type { Answer, Operation } from '@lms/domain';
import { type ApiError, call, operationPath, useApi } from '@lms/entity-pages';
import useSWR from 'swr';

/**
 * A deployment setting the screens read (a GET `settings/…` without parameters: the map tiles, the
 * customer-message channel): asked once a session, since it changes with a restart only; undefined
 * until the server answers, when it cannot, and when `wanted` is false.
 */
export function useDeploymentSetting<O extends Operation>(
  operation: O,
  wanted = true,
): Answer<O> | undefined {
  const api = useApi();
  // A setting's read has no parameters: the operation is called as the plain one it is.
  const read: Operation = operation;
  const { data } = useSWR<Answer<O>, ApiError>(
    wanted ? operationPath(read) : null,
    () => call(api, read) as Promise<Answer<O>>,
    { revalidateOnFocus: false, revalidateIfStale: false },
  );
  return data;
}
