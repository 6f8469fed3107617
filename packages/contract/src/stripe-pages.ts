/**
 * The console's pages that take a card through Stripe.js: the server serves them with Stripe's content security
 * policy (its script, frame and API hosts), every other page with the strict one. A single-page app keeps the
 * policy of the document it was loaded as, so the web reloads into these pages when the document came from elsewhere.
 */
export const STRIPE_PAGES_PATH = '/v2/home/settings/billing';

/** Whether a path (no query) is one of the Stripe pages: the billing section itself or any page below it. */
export function isStripePage(pathname: string): boolean {
  return pathname === STRIPE_PAGES_PATH || pathname.startsWith(`${STRIPE_PAGES_PATH}/`);
}
