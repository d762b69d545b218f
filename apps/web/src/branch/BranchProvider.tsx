import { useBlocking } from '@lms/design-system';
import { chooseBranchAfterLogin, LIMITS, STORAGE_KEYS } from '@lms/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { BranchInfo } from '../session/authStore.ts';
import { browserStorage } from '../session/browserStorage.ts';
import { HOST_TEXT } from '../text.ts';

/** The acting branch of spec §4: persisted under lms-branch, chosen after sign-in, switched with a pause. */
export interface BranchContextValue {
  readonly branchId: string | null;
  readonly branch: BranchInfo | null;
  readonly branches: readonly BranchInfo[];
  readonly isSwitching: boolean;
  /** Selecting the current branch does nothing; otherwise a blocking switch. */
  selectBranch(branchId: string): Promise<void>;
}

const BranchContext = createContext<BranchContextValue | null>(null);

export function useBranch(): BranchContextValue {
  const value = useContext(BranchContext);
  if (!value) throw new Error('useBranch() needs a <BranchProvider> above it');
  return value;
}

/** 'code: name', as every branch option (spec §3). */
export const branchLabel = (branch: BranchInfo) => `${branch.code}: ${branch.name}`;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function persist(branchId: string | null): void {
  if (branchId === null) browserStorage.remove(STORAGE_KEYS.branch);
  else browserStorage.write(STORAGE_KEYS.branch, branchId);
}

export function BranchProvider({
  branches,
  children,
}: {
  /** The signed-in user's branches, from user info. */
  branches: readonly BranchInfo[];
  children: ReactNode;
}) {
  const [branchId, setBranchId] = useState<string | null>(() =>
    chooseBranchAfterLogin(browserStorage.read(STORAGE_KEYS.branch), branches),
  );
  const [isSwitching, setSwitching] = useState(false);

  // New user info (sign-in, renewal of roles): keep the branch if still allowed, else the first; none → cleared.
  useEffect(() => {
    setBranchId((current) => chooseBranchAfterLogin(current, branches));
  }, [branches]);

  useEffect(() => {
    persist(branchId);
  }, [branchId]);

  const current = useRef(branchId);
  current.current = branchId;
  const runBlocking = useBlocking();
  const selectBranch = useCallback(
    async (next: string) => {
      if (next === current.current) return;
      setSwitching(true);
      // The one blocking helper: its spinner, and a simple error should the switch fail (spec §8).
      await runBlocking(
        async () => {
          await pause(LIMITS.branchSwitchPauseMs);
          current.current = next;
          persist(next);
          setBranchId(next);
          await pause(LIMITS.branchSwitchPauseMs);
        },
        { label: HOST_TEXT.switchingBranch },
      );
      setSwitching(false);
    },
    [runBlocking],
  );

  const value = useMemo<BranchContextValue>(
    () => ({
      branchId,
      branch: branches.find((branch) => branch.id === branchId) ?? null,
      branches,
      isSwitching,
      selectBranch,
    }),
    [branchId, branches, isSwitching, selectBranch],
  );

  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}
