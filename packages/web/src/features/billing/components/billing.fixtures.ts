import type { BillingOffer, Payment, Subscription } from '@keydeck/contract/billing';

// Test data for the billing components' tests.

export const ACCOUNT_ID = '0b5f6c1e-4a57-4c3e-9d7e-2b1f0e6a9c11';

export const offer: BillingOffer = {
  price_id: 'price_1PkeyHsmMonthly',
  product_name: 'Payment HSM',
  description: 'A dedicated payment HSM partition.',
  service_type: 'payment_hsm',
  service_type_label: 'Payment HSM',
  unit_amount: 4900,
  currency: 'eur',
  interval: 'month',
  owned: 0,
};

export const subscription: Subscription = {
  id: '5d1f0e6a-9c11-4b5f-8c1e-4a574c3e9d7e',
  account_id: ACCOUNT_ID,
  stripe_subscription_id: 'sub_1Pkey',
  service: { id: '7c3e9d7e-2b1f-4e6a-9c11-0b5f6c1e4a57', name: 'payments-prod', type: 'payment_hsm', status: 'PendingApproval' },
  product_name: 'Payment HSM',
  amount: 4900,
  currency: 'eur',
  interval: 'month',
  status: 'active',
  current_period_end: '2026-12-25T00:00:00.000Z',
  cancel_at_period_end: false,
  created_at: '2026-11-25T00:00:00.000Z',
};

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    invoice_id: 'in_1PkeyFailed',
    account: { id: ACCOUNT_ID, name: 'Acme Payments' },
    subscription_id: subscription.id,
    product_name: 'Payment HSM',
    amount: 4900,
    currency: 'eur',
    status: 'failed',
    failure_message: 'Your card was declined.',
    attempt_count: 2,
    occurred_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
