import { AppointmentPage } from '@lms/features/appointment';
import { useParams } from 'react-router-dom';

/** The customer's appointment link (docs/contact.md): no session, the token in the path. */
export function PublicAppointmentScreen() {
  const { token = '' } = useParams();
  return <AppointmentPage token={token} />;
}
