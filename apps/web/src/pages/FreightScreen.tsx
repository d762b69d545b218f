import { bangkokIsoDate } from '@lms/domain';
import { FreightStatementPage, FreightStatementsPage } from '@lms/features/freight';
import { useSearchParams } from 'react-router-dom';
import { recentMonths, yearMonth } from './recentMonths.ts';

/**
 * `/freightStatement` (docs/freight.md): the month's statements (`?month=yyyy-MM`, default this
 * month), or one statement (`?id=…`); the query keeps both in the address and in the history.
 */
export function FreightScreen() {
  const [search, setSearch] = useSearchParams();
  const months = recentMonths(bangkokIsoDate(new Date()));
  const asked = search.get('month');
  const month = asked && yearMonth.test(asked) ? asked : months[0]!;
  const id = search.get('id');
  if (id) return <FreightStatementPage id={id} onBack={() => setSearch({ month })} />;
  return (
    <FreightStatementsPage
      month={month}
      months={months.includes(month) ? months : [month, ...months]}
      onMonthChange={(next) => setSearch({ month: next })}
      onOpen={(next) => setSearch({ month, id: next })}
    />
  );
}
