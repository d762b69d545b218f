import { ContactTemplatesPage } from '@lms/features/contact';

/** The admin's Thai templates of customer messages (docs/contact.md), in its own chunk. */
export function ContactTemplatesScreen() {
  return <ContactTemplatesPage />;
}
