import {
  freightStatementsApi as contract,
  type FreightAdjustmentBody,
  type FreightCandidate,
  type FreightEvent,
  type FreightStatement,
  type FreightStatementState,
  type FreightStatementSummary,
} from '@lms/domain';
import { type ApiError, call, callForBytes, useBranchScope } from '@lms/entity-pages';
import { useMemo } from 'react';
import useSWR from 'swr';

/** SWR keys of the freight screens; the branch is in every key. */
export const freightKeys = {
  /** A month's statements, or (`state`) one state's of every month. */
  list: (branchId: string | null, month: string, state?: FreightStatementState) =>
    ['freightStatements', branchId, state ? `state:${state}` : month] as const,
  candidates: (branchId: string | null, month: string) => ['freightCandidates', branchId, month] as const,
  statement: (branchId: string | null, id: string) => ['freightStatement', branchId, id] as const,
  history: (branchId: string | null, id: string) => ['freightHistory', branchId, id] as const,
};

/** The freight statement calls with the acting branch filled in (docs/freight.md, api.md). */
export function useFreightApi() {
  const { api, branchId, branch } = useBranchScope();
  return useMemo(
    () => ({
      branchId,
      list: (month: string, state?: FreightStatementState) =>
        call(api, contract.list, { query: state ? { state, ...branch() } : { month, ...branch() } }),
      candidates: (month: string) => call(api, contract.candidates, { query: { month, ...branch() } }),
      get: (id: string) => call(api, contract.get, { params: { id }, query: branch() }),
      history: (id: string) => call(api, contract.history, { params: { id }, query: branch() }),
      create: (contractorId: string, month: string) =>
        call(api, contract.create, { body: { contractorId, month }, query: branch() }),
      recalculate: (id: string, version: number) =>
        call(api, contract.recalculate, { params: { id }, body: { version }, query: branch() }),
      addAdjustment: (id: string, body: FreightAdjustmentBody) =>
        call(api, contract.addAdjustment, { params: { id }, body, query: branch() }),
      removeAdjustment: (id: string, adjustmentId: string, version: number) =>
        call(api, contract.removeAdjustment, {
          params: { id, adjustmentId },
          query: { version, ...branch() },
        }),
      transition: (id: string, version: number, to: FreightStatementState) =>
        call(api, contract.transition, { params: { id }, body: { version, to }, query: branch() }),
      pdf: (id: string) => callForBytes(api, contract.pdf, { params: { id }, query: branch() }),
      excel: (id: string) => callForBytes(api, contract.excel, { params: { id }, query: branch() }),
    }),
    [api, branchId, branch],
  );
}

/** A month's statements and its contractors without one; with `state`, that state's statements of every month only. */
export function useFreightStatements(month: string, state?: FreightStatementState) {
  const freight = useFreightApi();
  const list = useSWR<readonly FreightStatementSummary[], ApiError>(
    freightKeys.list(freight.branchId, month, state),
    () => freight.list(month, state),
  );
  const candidates = useSWR<readonly FreightCandidate[], ApiError>(
    state ? null : freightKeys.candidates(freight.branchId, month),
    () => freight.candidates(month),
  );
  return { list, candidates };
}

export function useFreightStatement(id: string) {
  const freight = useFreightApi();
  const statement = useSWR<FreightStatement, ApiError>(freightKeys.statement(freight.branchId, id), () =>
    freight.get(id),
  );
  const history = useSWR<readonly FreightEvent[], ApiError>(freightKeys.history(freight.branchId, id), () =>
    freight.history(id),
  );
  return { statement, history };
}
