/**
 * Stripe's test PaymentMethod tokens (https://docs.stripe.com/testing). `declineAt` says when the card is
 * refused: at setup (the SetupIntent confirmation fails) or at charge time only (it attaches, then every
 * payment fails). `source` is the stripe-stateful-mock token that makes its charge succeed or fail alike.
 */
export type TestCard = {
  brand: string;
  last4: string;
  funding: 'credit' | 'debit';
  source: string;
  declineAt?: 'setup' | 'charge';
  declineCode?: string;
  message?: string;
};

const declined = { declineCode: 'generic_decline', message: 'Your card was declined.' };

export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', funding: 'credit', source: 'tok_visa' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit', source: 'tok_visa_debit' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit', source: 'tok_mastercard' },
  pm_card_amex: { brand: 'amex', last4: '8431', funding: 'credit', source: 'tok_amex' },
  // 4000000000000002: refused whenever it is used, including when it is set up.
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit', source: 'tok_chargeDeclined', declineAt: 'setup', ...declined },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa', last4: '9995', funding: 'credit', source: 'tok_chargeDeclinedInsufficientFunds', declineAt: 'setup',
    declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.',
  },
  // Set up fine, then every charge is declined: the case of a renewal that fails.
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit', source: 'tok_chargeCustomerFail', declineAt: 'charge', ...declined },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', funding: 'credit', source: 'tok_chargeCustomerFail', declineAt: 'charge', ...declined },
};

export function cardDeclinedError(card: TestCard, extra: Record<string, unknown> = {}) {
  return {
    code: 'card_declined',
    decline_code: card.declineCode ?? 'generic_decline',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    message: card.message ?? 'Your card was declined.',
    type: 'card_error',
    ...extra,
  };
}
