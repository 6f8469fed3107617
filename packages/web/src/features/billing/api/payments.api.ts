import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentsQuery } from '@keydeck/contract/billing';
import { billingApi } from '@keydeck/contract/billing.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

/**
 * The platform's view of billing: every account's payments, one account's billing, card setups. A refund or a
 * retry changes payments and the account's subscriptions: it invalidates `platformBillingKeys.all`.
 */
const platformBillingKeys = queryKeys('billing-platform');
const paymentKeys = queryKeys('billing-platform', 'payments');
const accountBillingKeys = queryKeys('billing-platform', 'accounts');
const setupIntentKeys = queryKeys('billing-platform', 'setup-intents');

export const paymentsQueryOptions = (query: PaymentsQuery) =>
  listQueryOptions({
    queryKey: paymentKeys.list(query),
    queryFn: ({ signal }) => callApi(billingApi.listPayments, { query, signal }),
    meta: { errorContext: 'Could not load the payments' },
  });

export const accountBillingQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountBillingKeys.detail(accountId),
    queryFn: async ({ signal }) => (await callApi(billingApi.getAccountBilling, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: 'Could not load the account’s billing' },
  });

/** Card setups are live figures: asked again each minute while the dashboard is open. */
export const setupIntentStatsQueryOptions = (days: number) =>
  listQueryOptions({
    queryKey: setupIntentKeys.detail(String(days)),
    queryFn: async ({ signal }) => (await callApi(billingApi.getSetupIntentStats, { query: { days }, signal })).data,
    refetchInterval: 60_000,
    meta: { errorContext: 'Could not load the card setups' },
  });

export type PaymentAction = 'refund' | 'retry';
const ACTIONS = { refund: billingApi.refundPayment, retry: billingApi.retryPayment } as const;

export function usePaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, invoiceId }: { action: PaymentAction; invoiceId: string }) =>
      (await callApi(ACTIONS[action], { params: { invoice_id: invoiceId } })).data,
    meta: { refusalsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformBillingKeys.all }),
  });
}
