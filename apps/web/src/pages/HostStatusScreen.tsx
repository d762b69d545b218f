import { StatusScreen, type StatusScreenProps } from '@lms/design-system';
import { MESSAGES } from '@lms/domain';

const catalogue = {
  'not-allowed': MESSAGES.noPermission.text,
  'invalid-url': MESSAGES.invalidUrl.text,
  'no-branch': MESSAGES.noAccessibleBranch.text,
} as const;

/** The design system's status screens with the wording of the domain's catalogue (spec §2). */
export function HostStatusScreen({ kind, message, ...props }: StatusScreenProps) {
  return <StatusScreen kind={kind} message={message ?? catalogue[kind]} {...props} />;
}
