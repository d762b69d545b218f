import { planningSlotParams as params } from '@lms/domain';
import { ShipmentPlanningPage } from '@lms/features/shipmentPlanning';
import { useSearchParams } from 'react-router-dom';
import { bangkokToday, dayParam } from './days.ts';

/**
 * `/shipmentPlanning`: the dispatcher's day, opening on today in Asia/Bangkok. The day and shift
 * chosen live in the address (`?date=&shift=`, `planningSlotParams`): a reload, a shared link or
 * the home's row of a shift opens the same slot.
 */
export function ShipmentPlanningScreen() {
  const [search, setSearch] = useSearchParams();
  return (
    <ShipmentPlanningPage
      today={bangkokToday()}
      place={{ date: dayParam(search, params.date), shift: search.get(params.shift) }}
      onPlaceChange={(place) => {
        const next = new URLSearchParams();
        if (place.date) next.set(params.date, place.date);
        if (place.shift) next.set(params.shift, place.shift);
        setSearch(next, { replace: true });
      }}
    />
  );
}
