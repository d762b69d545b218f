import { ShipmentPlanningPage } from '@lms/features/shipmentPlanning';
import { useSearchParams } from 'react-router-dom';
import { bangkokToday, dayParam } from './days.ts';

/**
 * `/shipmentPlanning`: the dispatcher's day, opening on today in Asia/Bangkok. The day and shift
 * chosen live in the address (`?date=&shift=`): a reload or a shared link opens the same slot.
 */
export function ShipmentPlanningScreen() {
  const [search, setSearch] = useSearchParams();
  return (
    <ShipmentPlanningPage
      today={bangkokToday()}
      place={{ date: dayParam(search, 'date'), shift: search.get('shift') }}
      onPlaceChange={(place) => {
        const next = new URLSearchParams();
        if (place.date) next.set('date', place.date);
        if (place.shift) next.set('shift', place.shift);
        setSearch(next, { replace: true });
      }}
    />
  );
}
