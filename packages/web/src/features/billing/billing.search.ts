import { z } from 'zod';
import type { PaymentStatus, PaymentsQuery } from '@keydeck/contract/billing';
import { pagingQuery } from '@keydeck/contract/paging';

// The route table imports this file: it stays tiny so the billing contract (and Stripe) stay in the billing chunks.
// Types only come from the contract's billing file; the values repeat it and the checks below keep them in step.

/** The payment statuses the payments list filters by (the contract's PAYMENT_STATUSES). */
export const PAYMENT_STATUS_FILTERS = ['paid', 'failed', 'refunded'] as const satisfies readonly PaymentStatus[];

/** /v2/admin/payments-stripe: the contract's paymentsQuery, as the URL keeps it. */
export const paymentsSearch = pagingQuery(['occurred_at', 'amount'], 'occurred_at').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(PAYMENT_STATUS_FILTERS).optional(),
  account_id: z.uuid().optional(),
});
export type PaymentsSearch = z.output<typeof paymentsSearch>;

/** The account's stripe tab: the account comes from the path. */
export const accountPaymentsSearch = paymentsSearch.omit({ account_id: true });

/** The card setups dashboard's period, in days. */
export const SETUP_INTENT_PERIODS = ['7', '30', '90'] as const;
export const setupIntentsSearch = z.object({ days: z.enum(SETUP_INTENT_PERIODS).default('30') });

// Compile-time: a status the contract adds, or a query field it changes, fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type SearchMatchesContract = Holds<Same<(typeof PAYMENT_STATUS_FILTERS)[number], PaymentStatus>> | Holds<Same<PaymentsSearch, PaymentsQuery>>;

/** Billing › Subscriptions: the subscription just bought, shown highlighted. */
export const subscriptionsSearch = z.object({ created: z.uuid().optional() });
