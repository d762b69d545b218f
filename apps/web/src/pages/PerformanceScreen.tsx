import { bangkokIsoDate } from '@lms/domain';
import { PerformancePage } from '@lms/features/performance';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { recentMonths, yearMonth } from './recentMonths.ts';

/** `/performance` (docs/performance-figures.md): the month in `?month=yyyy-MM`, default this month. */
export function PerformanceScreen() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const months = recentMonths(bangkokIsoDate(new Date()));
  const asked = search.get('month');
  const month = asked && yearMonth.test(asked) ? asked : months[0]!;
  return (
    <PerformancePage
      month={month}
      months={months.includes(month) ? months : [month, ...months]}
      onMonthChange={(next) => setSearch({ month: next })}
      navigate={navigate}
    />
  );
}
