import { bangkokIsoDate, type FreightStatementState, freightStatementStateValues } from '@lms/domain';
import { FreightStatementPage, FreightStatementsPage } from '@lms/features/freight';
import { useSearchParams } from 'react-router-dom';
import { recentMonths, yearMonth } from './recentMonths.ts';

/**
 * `/freightStatement` (docs/freight.md): the month's statements (`?month=yyyy-MM`, default last
 * month), or one statement (`?id=…`); the query keeps both in the address and in the history.
 * `?state=CHECKED` narrows the list to one state of every month (the home's count opens it).
 */
export function FreightScreen() {
  const [search, setSearch] = useSearchParams();
  const months = recentMonths(bangkokIsoDate(new Date()));
  const asked = search.get('month');
  // A month's statements are drafted once its trips are done: the screen opens on last month's,
  // the one being settled, not on the month still running.
  const month = asked && yearMonth.test(asked) ? asked : months[1]!;
  const id = search.get('id');
  const askedState = search.get('state');
  const state = freightStatementStateValues.find(
    (value): value is FreightStatementState => value === askedState,
  );
  // Back from a statement to the list it was opened from: the month's, or the state's.
  const list: Record<string, string> = state ? { state } : { month };
  if (id) return <FreightStatementPage id={id} onBack={() => setSearch(list)} />;
  return (
    <FreightStatementsPage
      month={month}
      months={months.includes(month) ? months : [month, ...months]}
      onMonthChange={(next) => setSearch({ month: next })}
      onOpen={(next) => setSearch({ ...list, id: next })}
      state={state}
    />
  );
}
