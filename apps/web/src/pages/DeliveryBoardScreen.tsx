import { bangkokIsoDate } from '@lms/domain';
import { DeliveryBoardPage } from '@lms/features/delivery';
import { openEventStream } from './eventStream.ts';

/** `/deliveryBoard`: today's trips in Asia/Bangkok, live over the branch's board stream. */
export function DeliveryBoardScreen() {
  return <DeliveryBoardPage today={bangkokIsoDate(new Date())} openEventStream={openEventStream} />;
}
