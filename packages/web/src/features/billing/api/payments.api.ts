import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountBillingResponse, paymentResponse, paymentsPage, setupIntentStatsResponse, type PaymentsQuery } from '@keydeck/contract/billing';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';

/**
 * The platform's view of billing: every account's payments, one account's billing, card setups. A refund or a
 * retry changes payments and the account's subscriptions: it invalidates `platformBillingKeys.all`.
 */
const platformBillingKeys = queryKeys('platform-billing');
const paymentKeys = queryKeys('platform-billing', 'payments');
const accountBillingKeys = queryKeys('platform-billing', 'accounts');
const setupIntentKeys = queryKeys('platform-billing', 'setup-intents');

export const paymentsQueryOptions = (query: PaymentsQuery) =>
  queryOptions({
    queryKey: paymentKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.adminPayments}?${toQueryString(query)}`, { schema: paymentsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the payments' },
  });

export const accountBillingQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountBillingKeys.detail(accountId),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.adminAccountBilling, { account_id: accountId }), { schema: accountBillingResponse, signal })).data,
    meta: { errorContext: 'Could not load the account’s billing' },
  });

/** Card setups are live figures: asked again each minute while the dashboard is open. */
export const setupIntentStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: setupIntentKeys.detail(String(days)),
    queryFn: async ({ signal }) => (await apiRequest(`${ApiPath.adminSetupIntentStats}?${toQueryString({ days })}`, { schema: setupIntentStatsResponse, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    meta: { errorContext: 'Could not load the card setups' },
  });

export type PaymentAction = 'refund' | 'retry';
const ACTION_PATHS = { refund: ApiPath.adminPaymentRefund, retry: ApiPath.adminPaymentRetry } as const;

export function usePaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, invoiceId }: { action: PaymentAction; invoiceId: string }) =>
      (await apiRequest(apiPath(ACTION_PATHS[action], { invoice_id: invoiceId }), { method: 'POST', schema: paymentResponse })).data,
    meta: { errorContext: 'Could not change the payment' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformBillingKeys.all }),
  });
}
