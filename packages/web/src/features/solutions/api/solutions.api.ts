import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import {
  accountSolutionsResponse,
  onboardingRunResponse,
  onboardingRunsPage,
  runInFlight,
  solutionResponse,
  type SolutionFields,
} from '@keydeck/contract/solutions';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
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
      const { data } = await apiRequest(apiPath(ApiPath.accountSolutions, { account_id: accountId }), { schema: accountSolutionsResponse, signal });
      return { data, total: data.length };
    },
    refetchInterval: (query) => (query.state.data?.data.some((s) => s.last_run && runInFlight(s.last_run.status)) ? RUN_REFRESH_MS : false),
    meta: { errorContext: 'Could not load the solutions' },
  });

export const solutionQueryOptions = (solutionId: string) =>
  queryOptions({
    queryKey: solutionKeys.detail(solutionId),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.solution, { solution_id: solutionId }), { schema: solutionResponse, signal })).data,
    meta: { errorContext: 'Could not load the solution' },
  });

/** The account's latest run of the solution (null when never onboarded); polled while it is queued or running. */
export const latestRunQueryOptions = (accountId: string, solutionId: string) =>
  queryOptions({
    queryKey: runKeys(accountId).detail(solutionId),
    queryFn: async ({ signal }) => {
      const query = toQueryString({ solution_id: solutionId, page_size: 1 });
      const page = await apiRequest(`${apiPath(ApiPath.solutionRuns, { account_id: accountId })}?${query}`, { schema: onboardingRunsPage, signal });
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
      (
        await apiRequest(id ? apiPath(ApiPath.solution, { solution_id: id }) : ApiPath.solutions, {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: solutionResponse,
        })
      ).data,
    meta: { errorContext: 'Could not save the solution', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solutionKeys.all }),
  });
}

export function useDeleteSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest(apiPath(ApiPath.solution, { solution_id: id }), { method: 'DELETE', schema: solutionResponse })).data,
    meta: { errorContext: 'Could not delete the solution' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solutionKeys.all }),
  });
}

/** Starts a run (Onboard, and Retry after a failure): the account's runs are read again, and polled while it moves. */
export function useOnboard(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (solutionId: string) =>
      (await apiRequest(apiPath(ApiPath.solutionOnboard, { account_id: accountId, solution_id: solutionId }), { method: 'POST', schema: onboardingRunResponse })).data,
    meta: { errorContext: 'Could not start onboarding' },
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys(accountId).detail(run.solution_id), run);
      return queryClient.invalidateQueries({ queryKey: runKeys(accountId).all });
    },
  });
}
