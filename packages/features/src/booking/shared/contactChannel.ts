import { type ContactChannel, contactChannelApi } from '@lms/domain';
import { useDeploymentSetting } from '../../settings/useDeploymentSetting.ts';

/**
 * Whether a customer's message can go out (docs/contact.md): undefined until the server answers,
 * and when it cannot; then the actions offer "send again" as before and the resend's own answer
 * says why not.
 */
export const useContactChannel = (): ContactChannel | undefined =>
  useDeploymentSetting(contactChannelApi.read);
