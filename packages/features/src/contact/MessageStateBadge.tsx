import { type MessageState, messageStateOptions } from '@lms/domain';
import { StatusBadge } from '../booking/shared/StatusBadge.tsx';

/**
 * Colours of a booking's message state: the customer's own act green (confirmed) or orange (moved:
 * look at the new slot), a failed send red, a sent one blue, one waiting grey.
 */
const colours: Readonly<Record<MessageState, string>> = {
  QUEUED: 'grey',
  SENT: 'blue',
  FAILED: 'red',
  CONFIRMED: 'green',
  MOVED: 'orange',
};

export const NO_MESSAGE = 'ไม่มีข้อความ';

/** Where a booking's customer messages stand (docs/contact.md): colour and Thai label, never colour alone. */
export function MessageStateBadge({ state }: { readonly state: string | null | undefined }) {
  const option = messageStateOptions.find((o) => o.value === state);
  if (!option) return <StatusBadge colour="grey" label={NO_MESSAGE} />;
  return <StatusBadge colour={colours[option.value]} label={option.label} />;
}
