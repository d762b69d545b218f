import { bangkokIsoDate } from '@lms/domain';
import { FreightStatementPage, FreightStatementsPage } from '@lms/features/freight';
import { useSearchParams } from 'react-router-dom';

const yearMonth = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The last 24 months, newest first, ending with this one in Asia/Bangkok. */
function recentMonths(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 24 }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

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
