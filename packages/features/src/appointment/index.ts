export { AppointmentPage, appointmentText } from './AppointmentPage.tsx';
export { DeliveryStatus, DeliveryStatusView, deliveryStatusText } from './DeliveryStatus.tsx';
