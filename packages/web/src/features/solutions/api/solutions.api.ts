import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { runInFlight, type SolutionFields } from '@keydeck/contract/solutions';
import { solutionsApi } from '@keydeck/contract/solutions.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { servicePlacementsQueryOptions } from '../../../lib/services';

/** Definitions are the platform's; runs belong to an account. */
const solutionKeys = queryKeys('solutions');
const runKeys = (accountId: string) => queryKeys('solutions', 'runs', accountId);

/** A run in flight is looked at again this often, and not at all once it has finished. */
export const RUN_REFRESH_MS = 2_000;

/** Every solution with the account's last run of it; polled while any of those runs is in flight. */
export const accountSolutionsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: runKeys(accountId).list('catalogue'),
    queryFn: async ({ signal }) => {
      const { data } = await callApi(solutionsApi.listAccountSolutions, { params: { account_id: accountId }, signal });
      return { data, total: data.length };
    },
    refetchInterval: (query) => (query.state.data?.data.some((s) => s.last_run && runInFlight(s.last_run.status)) ? RUN_REFRESH_MS : false),
    meta: { errorContext: 'Could not load the solutions' },
  });

export const solutionQueryOptions = (solutionId: string) =>
  queryOptions({
    queryKey: solutionKeys.detail(solutionId),
    queryFn: async ({ signal }) => (await callApi(solutionsApi.getSolution, { params: { solution_id: solutionId }, signal })).data,
    meta: { errorContext: 'Could not load the solution' },
  });

/** The account's latest run of the solution (null when never onboarded); polled while it is queued or running. */
export const latestRunQueryOptions = (accountId: string, solutionId: string) =>
  queryOptions({
    queryKey: runKeys(accountId).detail(solutionId),
    queryFn: async ({ signal }) => {
      const query = { solution_id: solutionId, page_size: 1 };
      const page = await callApi(solutionsApi.listSolutionRuns, { params: { account_id: accountId }, query, signal });
      return page.data[0] ?? null;
    },
    refetchInterval: (query) => (query.state.data && runInFlight(query.state.data.status) ? RUN_REFRESH_MS : false),
    meta: { errorContext: 'Could not load the onboarding run' },
  });

/** Where services may run and in which environments: the services catalogue, as the account's services list answers it. */
export const placementsQueryOptions = (accountId: string) =>
  queryOptions({ ...servicePlacementsQueryOptions({ account_id: accountId, page_size: 1 }), staleTime: 5 * 60_000 });

/** Define (no id) or change a solution. */
export function useSaveSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id?: string | undefined; fields: SolutionFields }) =>
      (id
        ? await callApi(solutionsApi.updateSolution, { params: { solution_id: id }, body: fields })
        : await callApi(solutionsApi.createSolution, { body: fields })
      ).data,
    meta: { errorContext: 'Could not save the solution', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solutionKeys.all }),
  });
}

export function useDeleteSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await callApi(solutionsApi.deleteSolution, { params: { solution_id: id } })).data,
    meta: { refusalsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solutionKeys.all }),
  });
}

/** Starts a run (Onboard, and Retry after a failure): the account's runs are read again, and polled while it moves. */
export function useOnboard(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (solutionId: string) =>
      (await callApi(solutionsApi.onboardSolution, { params: { account_id: accountId, solution_id: solutionId } })).data,
    meta: { errorContext: 'Could not start onboarding' },
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys(accountId).detail(run.solution_id), run);
      return queryClient.invalidateQueries({ queryKey: runKeys(accountId).all });
    },
  });
}
