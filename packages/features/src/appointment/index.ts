export { AppointmentPage, appointmentText } from './AppointmentPage.tsx';
