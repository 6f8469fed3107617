import { marketplaceEntitlementsQuery } from '@keydeck/contract/marketplaces-queries';

/** /v2/admin/azure: the entitlements list's paging and state filter in the URL; the provider is the page's. */
export const azureEntitlementsSearch = marketplaceEntitlementsQuery.omit({ provider: true });
