import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody } from '@keydeck/contract/billing';
import { billingApi } from '@keydeck/contract/billing.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { serviceKeys, servicePlacementsQueryOptions } from '../../../lib/services';

/** The signed-in account's billing: what it may buy, its cards, subscriptions, invoices and next charge. */
export const billingKeys = queryKeys('billing');

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.detail('catalogue'),
    queryFn: async ({ signal }) => (await callApi(billingApi.listBillingOffers, { signal })).data,
    meta: { errorContext: 'Could not load the offers', refusalsShownInline: true },
  });

/** The locations and environments a new service may have: the same answer the "Request a service" form reads. */
export const serviceChoicesQueryOptions = () => servicePlacementsQueryOptions({ page_size: 1 });

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.detail('payment-methods'),
    queryFn: async ({ signal }) => (await callApi(billingApi.listPaymentMethods, { signal })).data,
    meta: { errorContext: 'Could not load the payment methods', refusalsShownInline: true },
  });

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.detail('subscriptions'),
    queryFn: ({ signal }) => callApi(billingApi.listSubscriptions, { signal }),
    select: ({ data }) => ({ data, total: data.length }),
    meta: { errorContext: 'Could not load the subscriptions', refusalsShownInline: true },
  });

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.detail('invoices'),
    queryFn: ({ signal }) => callApi(billingApi.listInvoices, { signal }),
    select: ({ data }) => ({ data, total: data.length }),
    meta: { errorContext: 'Could not load the invoices', refusalsShownInline: true },
  });

export const upcomingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.detail('upcoming'),
    queryFn: async ({ signal }) => (await callApi(billingApi.getUpcomingCharge, { signal })).data,
    meta: { errorContext: 'Could not load the upcoming charge', refusalsShownInline: true },
  });

/** A purchase changes subscriptions, the offers' counts, the next charge and the services. */
export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PurchaseBody) => (await callApi(billingApi.buyService, { body })).data,
    meta: { errorContext: 'Could not buy the service', inlineErrorStatuses: [400, 402, 409, 422] },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: billingKeys.all }), queryClient.invalidateQueries({ queryKey: serviceKeys.all })]),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await callApi(billingApi.cancelSubscription, { params: { subscription_id: id } })).data,
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** A SetupIntent for the card form: Stripe Elements confirms it in the browser; card data never reaches Keydeck. */
export function useCreateSetupIntent() {
  return useMutation({
    mutationFn: async () => (await callApi(billingApi.createSetupIntent, {})).data,
    gcTime: 0,
    meta: { errorContext: 'Could not start adding a card' },
  });
}

export function useMakeDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(billingApi.setDefaultPaymentMethod, { params: { payment_method_id: id } }),
    meta: { errorContext: 'Could not change the default card' },
    onSuccess: ({ data }) => queryClient.setQueryData(billingKeys.detail('payment-methods'), data),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(billingApi.removePaymentMethod, { params: { payment_method_id: id } }),
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: ({ data }) => queryClient.setQueryData(billingKeys.detail('payment-methods'), data),
  });
}

/** After Stripe confirmed a new card: the list (and whatever waits on a card) is asked again. */
export function useCardAdded() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all });
}
