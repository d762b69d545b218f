export {
  type BranchScope,
  branchScopeParam,
  ONE_BRANCH,
  parseBranchScope,
} from './branchScope.ts';
export { PerformancePage, type PerformancePageProps } from './PerformancePage.tsx';
