import { PersonalDataAccessPage } from '@lms/entity-pages';

/** The administrator's PDPA access log (docs/privacy.md). */
export function PersonalDataAccessScreen() {
  return <PersonalDataAccessPage />;
}
