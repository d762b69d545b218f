import { PersonalDataAccessPage } from '@lms/features/privacy';

/** The administrator's PDPA access log (docs/privacy.md). */
export function PersonalDataAccessScreen() {
  return <PersonalDataAccessPage />;
}
