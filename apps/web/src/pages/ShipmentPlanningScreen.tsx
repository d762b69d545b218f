import { bangkokIsoDate } from '@lms/domain';
import { ShipmentPlanningPage } from '@lms/features/shipmentPlanning';
import { useSearchParams } from 'react-router-dom';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/shipmentPlanning`: the dispatcher's day, opening on today in Asia/Bangkok. The day and shift
 * chosen live in the address (`?date=&shift=`): a reload or a shared link opens the same slot.
 */
export function ShipmentPlanningScreen() {
  const [search, setSearch] = useSearchParams();
  const date = search.get('date');
  return (
    <ShipmentPlanningPage
      today={new Date(`${bangkokIsoDate(new Date())}T00:00:00`)}
      place={{ date: date && isoDay.test(date) ? date : null, shift: search.get('shift') }}
      onPlaceChange={(place) => {
        const next = new URLSearchParams();
        if (place.date) next.set('date', place.date);
        if (place.shift) next.set('shift', place.shift);
        setSearch(next, { replace: true });
      }}
    />
  );
}
