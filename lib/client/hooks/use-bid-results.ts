import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { BidResultResponse } from '@/lib/shared/validation/bid-results';
import { resourceHooks } from './resource';
import { projectKeys } from './use-projects';

export type BidResult = BidResultResponse;

// Who bid on a project, at what price, and who won. A result's write moves its project's
// `awarded_to`, `bid_count` and price to win, the projects a competitor filter lists, and the
// competitors insight: every write refreshes the results, the projects and the insights.

const bidResults = resourceHooks<BidResult>('bid_result');
const bidResultKeys = bidResults.keys;

const KEY = 'bid_result';
const PER_PROJECT = 100;

/** A project's bidders, the lowest price first (a project has a handful: one page of 100). */
export const projectBidResultsQuery = (projectId: string) =>
  queryOptions({
    queryKey: bidResultKeys.list({ project_id: projectId, per_page: PER_PROJECT }),
    queryFn: () => api.list<BidResult>(`/projects/${projectId}/bid_results`, 'bid_results', { per_page: PER_PROJECT }),
  });

export const useProjectBidResults = (projectId: string) => useQuery(projectBidResultsQuery(projectId));

function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: bidResultKeys.all }),
      // awarded_to, bid_count and price_to_win, and the lists filtered by competitor or winner.
      qc.invalidateQueries({ queryKey: projectKeys.all }),
      qc.invalidateQueries({ queryKey: ['insights'] }),
    ]);
}

const patch = (result: BidResult, changes: Record<string, unknown>) =>
  api.patch<BidResult>(`/bid_results/${result.id}`, KEY, { [KEY]: changes }, undefined, result);

/** Adds a bidder to a project (a company's bid, or ours); the form shows the API's refusal next to its fields. */
export function useCreateBidResult(projectId: string) {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: (fields: Record<string, unknown>) => api.post<BidResult>(`/projects/${projectId}/bid_results`, KEY, { [KEY]: fields }),
    onSuccess: refresh,
  });
}

/** Edits a result with If-Match on `base`, the result as the form read it (a 412 when someone changed it since). */
export function useUpdateBidResult() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ changes, base }: { changes: Record<string, unknown>; base: BidResult }) => patch(base, changes),
    onSuccess: refresh,
  });
}

export function useDeleteBidResult() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (result: BidResult) => api.delete(`/bid_results/${result.id}`, undefined, { key: KEY, record: result }),
    onSuccess: refresh,
  });
}

/**
 * Makes one bidder the winner: a project has at most one, so another winner is unmarked first (its
 * own write), then the bidder's result is marked — `changes` going with it (their price) — or, for
 * a company without a result on the project yet, created as the winner. One resource per write.
 */
async function makeWinner(projectId: string, winner: { companyId: string } | { result: BidResult }, changes: Record<string, unknown>): Promise<BidResult> {
  const { items } = await api.list<BidResult>(`/projects/${projectId}/bid_results`, 'bid_results', { per_page: PER_PROJECT });
  const target = 'result' in winner ? (items.find((r) => r.id === winner.result.id) ?? winner.result) : items.find((r) => r.company?.id === winner.companyId);
  const previous = items.find((r) => r.is_winner && r.id !== target?.id);
  if (previous) await patch(previous, { is_winner: false });
  if (target) return patch(target, { ...changes, is_winner: true });
  const companyId = 'companyId' in winner ? winner.companyId : null;
  return api.post<BidResult>(`/projects/${projectId}/bid_results`, KEY, { [KEY]: { company_id: companyId, ...changes, is_winner: true } });
}

/** Marks a bidder of the project's list the winner (the former winner, if any, no longer is). */
export function useMarkWinner(projectId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (result: BidResult) => makeWinner(projectId, { result }, {}),
    onSettled: refresh,
  });
}

/**
 * Who won a project we lost, and at what price (the close dialog), once the project's close is
 * saved: the company's result on the project becomes the winner, or a new one is created.
 */
export function useRecordWinner() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ projectId, companyId, amountInCents }: { projectId: string; companyId: string; amountInCents: number | null }) =>
      makeWinner(projectId, { companyId }, amountInCents === null ? {} : { amount_in_cents: amountInCents }),
    onSettled: refresh,
  });
}
