import type { Payment, PaymentMethod } from '@keydeck/contract/billing';

/** A card for an audit target, as the billing screen names it: brand and last four digits (never more). */
export function cardName(methods: PaymentMethod[] | undefined, id: string): string | undefined {
  const method = methods?.find((m) => m.id === id);
  return method && `${method.brand} •••• ${method.last4}`;
}

/** A payment for an audit target: whose, and for what. */
export const paymentName = (payment: Payment | undefined): string | undefined => payment && `${payment.account.name}: ${payment.product_name ?? 'invoice'}`;
