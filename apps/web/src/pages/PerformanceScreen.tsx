import { bangkokIsoDate } from '@lms/domain';
import {
  type BranchScope,
  branchScopeParam,
  ONE_BRANCH,
  PerformancePage,
  parseBranchScope,
} from '@lms/features/performance';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBranch } from '../branch/BranchProvider.tsx';
import { recentMonths, yearMonth } from './recentMonths.ts';

/**
 * `/performance` (docs/performance-figures.md): the month in `?month=yyyy-MM`, default this month;
 * several branches in `?branches=all` or `?branches=id,id`. `?branch=id` (a row of the branches'
 * table) switches the acting branch to that one (if the user has it) and shows its own screen.
 */
export function PerformanceScreen() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { branches, selectBranch } = useBranch();
  const months = recentMonths(bangkokIsoDate(new Date()));
  const asked = search.get('month');
  const month = asked && yearMonth.test(asked) ? asked : months[0]!;
  const opening = search.get('branch');
  useEffect(() => {
    if (!opening) return;
    const known = branches.some((b) => b.id === opening);
    void (known ? selectBranch(opening) : Promise.resolve()).then(() =>
      setSearch({ month }, { replace: true }),
    );
  }, [opening, branches, selectBranch, setSearch, month]);
  const scope = parseBranchScope(search.get('branches'));
  return (
    <PerformancePage
      month={month}
      months={months.includes(month) ? months : [month, ...months]}
      onMonthChange={(next) => setSearch(withScope({ month: next }, scope))}
      scope={opening ? ONE_BRANCH : scope}
      onScopeChange={(next) => setSearch(withScope({ month }, next))}
      navigate={navigate}
    />
  );
}

function withScope(params: Record<string, string>, scope: BranchScope): Record<string, string> {
  const branches = branchScopeParam(scope);
  return branches ? { ...params, branches } : params;
}
