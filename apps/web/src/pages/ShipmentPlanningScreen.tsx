import { bangkokIsoDate } from '@lms/domain';
import { ShipmentPlanningPage } from '@lms/features/shipmentPlanning';

/** `/shipmentPlanning`: the dispatcher's day, opening on today in Asia/Bangkok. */
export function ShipmentPlanningScreen() {
  return <ShipmentPlanningPage today={new Date(`${bangkokIsoDate(new Date())}T00:00:00`)} />;
}
