export { appointmentText, deliveryStatusText } from '@lms/domain';
export { AppointmentPage } from './AppointmentPage.tsx';
export { DeliveryStatus, DeliveryStatusView } from './DeliveryStatus.tsx';
