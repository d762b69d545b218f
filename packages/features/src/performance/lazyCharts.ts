import { lazyComponent } from '@lms/design-system/lazyComponent';

/**
 * The performance screens' charts, each fetched with the first chart that needs it: recharts
 * arrives only then (docs/performance-figures.md). One declaration for both screens (one
 * branch's, `PerformancePage`, and across branches, `BranchesView`).
 */
export const FailureChart = lazyComponent(() =>
  import('./PerformanceCharts.tsx').then((m) => m.FailureChart),
);
export const TruckUseChart = lazyComponent(() =>
  import('./PerformanceCharts.tsx').then((m) => m.TruckUseChart),
);
export const HoursChart = lazyComponent(() => import('./HoursChart.tsx').then((m) => m.HoursChart));
export const BranchChart = lazyComponent(() => import('./BranchChart.tsx').then((m) => m.BranchChart));
