export { BookingDeliveries, deliveriesText } from './BookingDeliveries.tsx';
export { DeliveryBoardPage } from './DeliveryBoardPage.tsx';
export { boardText } from './text.ts';
