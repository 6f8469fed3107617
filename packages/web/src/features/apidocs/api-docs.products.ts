/**
 * The five API products (server: modules/apidocs/apidocs.products.ts) and the names the console's pages use for
 * them: the spec's admin pages say auth and cryptohub-cloud where the documents say vip-auth and cryptohub.
 */
export const apiDocs = [
  { product: 'vip-auth', adminPage: 'auth', label: 'Authentication' },
  { product: 'identity', adminPage: 'identity', label: 'Identity' },
  { product: 'crypto-cluster', adminPage: 'crypto-cluster', label: 'Crypto cluster' },
  { product: 'cloud-product', adminPage: 'cloud-product', label: 'Cloud product' },
  { product: 'cryptohub', adminPage: 'cryptohub-cloud', label: 'CryptoHub' },
] as const;

export type ApiDoc = (typeof apiDocs)[number];

/** The customer pages' segment for a product: /v2/home/customer-docs/{product}-endpoints. */
export const customerPage = (doc: ApiDoc) => `${doc.product}-endpoints` as const;

/** The document a docs page shows, from the last segment of its path (admin or customer naming). */
export function apiDocOfPath(pathname: string): ApiDoc | undefined {
  const segment = pathname.replace(/\/$/, '').split('/').at(-1);
  return apiDocs.find((doc) => doc.adminPage === segment || customerPage(doc) === segment);
}

/** Where the server serves a product's OpenAPI document (spec §7). */
export const documentUrl = (doc: ApiDoc) => `/rest/api/v2/${doc.product}/swagger/`;
