import { type ContactChannel, contactChannelApi } from '@lms/domain';
import { type ApiError, call, operationPath, useApi } from '@lms/entity-pages';
import useSWR from 'swr';

const contactChannelKey = operationPath(contactChannelApi.read);

/**
 * Whether a customer's message can go out (docs/contact.md): undefined until the server answers,
 * and when it cannot; then the actions offer "send again" as before and the resend's own answer
 * says why not. One request per session (the deployment's settings change with a restart only).
 */
export function useContactChannel(): ContactChannel | undefined {
  const api = useApi();
  const { data } = useSWR<ContactChannel, ApiError>(
    contactChannelKey,
    () => call(api, contactChannelApi.read),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
    },
  );
  return data;
}
