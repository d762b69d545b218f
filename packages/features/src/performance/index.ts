export { PerformancePage, type PerformancePageProps } from './PerformancePage.tsx';
