import { useEffect, useState } from 'react';
import { isStripePage } from '@keydeck/contract/stripe-pages';

/**
 * Whether this document was served with Stripe's content security policy: a single-page app keeps the policy of
 * the page it was loaded as, so it depends on where the document came from, not on the current route. Unknown
 * (no navigation entry) counts as yes, so a browser without the entry is never reloaded in a loop.
 */
function documentAllowsStripe(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return !entry || isStripePage(new URL(entry.name).pathname);
}

/**
 * On a page that takes a card: reached by the router from another page, it loads again as a document of its own.
 * False until then, so that the page shows nothing the reload would take away under the user's hand.
 */
export function useStripeDocument(): boolean {
  const [allowed] = useState(documentAllowsStripe);
  useEffect(() => {
    if (!allowed) window.location.reload();
  }, [allowed]);
  return allowed;
}
