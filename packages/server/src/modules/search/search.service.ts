import { Permission, hasPermission, type PermissionCategory, type PermissionName } from '@keydeck/contract/permissions';
import type { SearchQuery, SearchResult } from '@keydeck/contract/search';
import { allowsServiceAccess } from '@keydeck/contract/services';
import { isIP } from 'node:net';
import type { Tx } from '../../db/database.ts';
import { addressAllowed } from '../../platform/ip-ranges.ts';
import { containsPattern } from '../../platform/paging.ts';
import type { Principal } from '../../platform/principal.ts';
import * as repo from './search.repository.ts';

const HEX = /^[0-9A-F]+$/;

/** The query read each way a kind compares it: as typed (serials), upper-case hex (KCV), a name prefix, an address. */
function termsOf(q: string): { terms: repo.Terms; kcv: string | null; fingerprint: string | null } {
  const upper = q.toUpperCase();
  const hex = upper.replace(/[:\s]/g, '');
  // Fingerprints are stored as Node spells them, upper-case hex pairs joined by colons.
  const fingerprint = hex.length >= 4 && hex.length <= 64 && HEX.test(hex) ? (hex.match(/.{1,2}/g) ?? []).join(':') : null;
  return {
    // containsPattern's text with its leading % dropped: the names that start with q.
    terms: { prefix: q, pattern: containsPattern(q).slice(1), ip: isIP(q) ? q : null },
    kcv: upper.length <= 6 && HEX.test(upper) ? upper : null,
    fingerprint,
  };
}

/**
 * The caller's services whose data they could open now: they are its service user, it is enabled, their group holds
 * the category, and the service's allowed addresses admit the caller's (as a service session requires). A bearer
 * caller searches no service data: a script reaches it through a service session it opens itself, one service at a time.
 */
async function servicesFor(tx: Tx, principal: Principal, clientAddress: string): Promise<(category: PermissionCategory) => string[]> {
  if (principal.delegate || !hasPermission(principal.permissions, Permission.servicesRead)) return () => [];
  const services = (await repo.searchableServices(tx, principal.account.id, principal.userId)).filter((service) =>
    addressAllowed(clientAddress, service.ranges.length > 0 ? service.ranges : null),
  );
  return (category) => services.filter((service) => allowsServiceAccess(service.permissions, category, 'View')).map((service) => service.id);
}

/**
 * One search across what the caller may see, each kind bounded by the limit: service data only in their services
 * whose group holds its category, cloud HSMs and users of their own account with the permission that lists them,
 * accounts for platform administrators. Every query names the caller's account or services itself: a platform
 * administrator's transaction is not narrowed by row-level security.
 */
export async function search(tx: Tx, principal: Principal, query: SearchQuery, clientAddress: string): Promise<SearchResult[]> {
  const { terms, kcv, fingerprint } = termsOf(query.q);
  const { limit } = query;
  const accountId = principal.account.id;
  const may = (permission: PermissionName) => hasPermission(principal.permissions, permission);
  const inServices = await servicesFor(tx, principal, clientAddress);
  const [keyServices, deviceServices, certificateServices] = [inServices('Key'), inServices('Device'), inServices('CertManage')];
  // One after the other: they share the request's transaction, whose connection runs one statement at a time.
  const kinds: (() => Promise<SearchResult[]>)[] = [
    ...(keyServices.length ? [() => repo.keys(tx, keyServices, { ...terms, prefix: kcv }, limit)] : []),
    ...(deviceServices.length ? [() => repo.devices(tx, deviceServices, terms, limit)] : []),
    ...(certificateServices.length ? [() => repo.certificates(tx, certificateServices, terms, fingerprint, limit)] : []),
    ...(may(Permission.servicesRead) ? [() => repo.cloudHsms(tx, accountId, terms, limit)] : []),
    ...(may(Permission.usersRead) ? [() => repo.users(tx, accountId, terms, limit)] : []),
    ...(may(Permission.platformAdmin) ? [() => repo.accounts(tx, terms, limit)] : []),
  ];
  const found: SearchResult[] = [];
  for (const kind of kinds) found.push(...(await kind()));
  return found;
}
