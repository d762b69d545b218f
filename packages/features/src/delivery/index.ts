export { DeliveryBoardPage } from './DeliveryBoardPage.tsx';
export { boardText } from './text.ts';
