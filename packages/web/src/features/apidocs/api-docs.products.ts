import { apiDocsApi } from '@keydeck/contract/api-docs.api';
import { apiProducts, type ApiProduct } from '@keydeck/contract/api-products';
import { endpointUrl } from '@keydeck/contract/endpoint';

/**
 * The names the console's pages use for the five API products (contract api-products.ts): the spec's admin pages
 * say auth and cryptohub-cloud where the documents say vip-auth and cryptohub.
 */
const pages: Record<ApiProduct, { adminPage: string; label: string }> = {
  'vip-auth': { adminPage: 'auth', label: 'Authentication' },
  identity: { adminPage: 'identity', label: 'Identity' },
  'crypto-cluster': { adminPage: 'crypto-cluster', label: 'Crypto cluster' },
  'cloud-product': { adminPage: 'cloud-product', label: 'Cloud product' },
  cryptohub: { adminPage: 'cryptohub-cloud', label: 'CryptoHub' },
};

export type ApiDoc = { product: ApiProduct; adminPage: string; label: string };

/** In the products' order; there is always a first. */
export const apiDocs = apiProducts.map((product) => ({ product, ...pages[product] })) as [ApiDoc, ...ApiDoc[]];

/** The customer pages' segment for a product: /v2/home/customer-docs/{product}-endpoints. */
export const customerPage = (doc: ApiDoc) => `${doc.product}-endpoints` as const;

/** The document a docs page shows, from the last segment of its path (admin or customer naming). */
export function apiDocOfPath(pathname: string): ApiDoc | undefined {
  const segment = pathname.replace(/\/$/, '').split('/').at(-1);
  return apiDocs.find((doc) => doc.adminPage === segment || customerPage(doc) === segment);
}

/** Where the server serves a product's OpenAPI document (spec §7); Scalar fetches it, so a URL, not a call. */
export const documentUrl = (doc: ApiDoc) => endpointUrl(apiDocsApi.getApiDocument, { params: { product: doc.product } });
