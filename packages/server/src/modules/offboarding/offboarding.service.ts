import { auditListQuery } from '@keydeck/contract/audit';
import { identityProvidersQuery } from '@keydeck/contract/identity-providers';
import { licensesQuery } from '@keydeck/contract/licenses';
import { Messages } from '@keydeck/contract/messages';
import { EXPORT_VALID_HOURS, type AccountExport, type OffboardingStatus } from '@keydeck/contract/offboarding';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import { portRangesQuery } from '@keydeck/contract/port-ranges';
import { rolesListQuery } from '@keydeck/contract/roles';
import { servicesQuery } from '@keydeck/contract/services';
import { syslogConfigsListQuery } from '@keydeck/contract/syslog';
import { usersListQuery } from '@keydeck/contract/users';
import type { Tx } from '../../db/database.ts';
import { badRequest, refused } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as allowedFlows from '../allowed-flows/allowed-flows.service.ts';
import * as allowlist from '../allowlist/allowlist.service.ts';
import * as audit from '../audit/audit.service.ts';
import * as features from '../features/features.service.ts';
import * as identityProviders from '../identity-providers/identity-providers.service.ts';
import * as licenses from '../licenses/licenses.service.ts';
import * as portRanges from '../port-ranges/port-ranges.service.ts';
import * as services from '../services/services.service.ts';
import * as syslog from '../syslog/syslog.service.ts';
import * as roles from '../users/roles.service.ts';
import * as users from '../users/users.service.ts';

/** The platform administrator's request: who asks, from where, and the session idle time that decides Online. */
export type OffboardingContext = { tx: Tx; caller: Principal; ip: string; idleSeconds: number };

const EXPORT_VALID_MS = EXPORT_VALID_HOURS * 3600 * 1000;
const ALL = { page_size: MAX_PAGE_SIZE };

/**
 * Everything the account owns, gathered through each area's own service (so each area decides what is safe
 * to show: no password hashes, no audit-chain hashes), and the export time recorded on the account.
 */
export async function exportAccount(ctx: OffboardingContext, accountId: string, now = new Date()): Promise<AccountExport> {
  const { tx } = ctx;
  const account = await accounts.getAccount(tx, accountId);
  const userList = await allPages((q) => users.listUsers({ ...ctx, account }, q), usersListQuery.parse(ALL));
  const exported: AccountExport = {
    format: 'keydeck-account-export',
    version: 1,
    exported_at: now.toISOString(),
    account,
    users: userList,
    roles: await allPages((q) => roles.listRoles(tx, accountId, q), rolesListQuery.parse(ALL)),
    user_roles: userList.flatMap((u) => u.roles.map((r) => ({ user_id: u.id, role_id: r.id }))),
    ip_allowlist: (await allowlist.getAllowlist(tx, accountId, ctx.ip)).ip_addresses,
    features: await features.listFeatures(tx, accountId),
    port_ranges: await allPages((q) => portRanges.listRanges(tx, q), portRangesQuery.parse({ ...ALL, account_id: accountId })),
    licenses: await allPages((q) => licenses.listLicenses(tx, accountId, q), licensesQuery.parse(ALL)),
    services: await allPages((q) => services.listServices(tx, ctx.caller, q), servicesQuery.parse({ page_size: 99, account_id: accountId })),
    syslog_configs: await allPages((q) => syslog.listConfigs(tx, accountId, q), syslogConfigsListQuery.parse(ALL)),
    allowed_flows: await allowedFlows.allowedFlowNames(tx, accountId),
    identity_providers: (
      await allPages((q) => identityProviders.listProviders(tx, accountId, q), identityProvidersQuery.parse(ALL))
    ).map(({ has_client_secret: _, ...provider }) => provider),
    audit_events: await allPages((q) => audit.listEvents(tx, accountId, q), auditListQuery.parse({ ...ALL, order: 'asc' })),
  };
  await accounts.recordExport(tx, accountId, now);
  return exported;
}

export async function offboardingStatus(tx: Tx, accountId: string, now = new Date()): Promise<OffboardingStatus> {
  const account = await accounts.findAccount(tx, accountId);
  const exportedAt = account.offboardingExportedAt;
  return {
    platform_account: account.isPlatform,
    exported_at: exportedAt?.toISOString() ?? null,
    export_valid_until: exportedAt ? new Date(exportedAt.getTime() + EXPORT_VALID_MS).toISOString() : null,
    can_delete: !account.isPlatform && exportStillValid(exportedAt, now),
  };
}

/**
 * Deletes the account and, through the database's cascading foreign keys, everything it owns; its port
 * ranges are set free. Only with the slug typed exactly and after a recent export; never the platform account.
 */
export async function offboardAccount(tx: Tx, accountId: string, confirmSlug: string, now = new Date()) {
  const account = await accounts.findAccount(tx, accountId);
  if (account.isPlatform) throw refused('platform_account', Messages.offboardingPlatformAccount);
  if (confirmSlug !== account.accountSlug) {
    throw badRequest({ confirm_slug: [Messages.offboardingSlugMismatch] }, Messages.offboardingSlugMismatch);
  }
  if (!exportStillValid(account.offboardingExportedAt, now)) {
    throw refused('export_required', Messages.offboardingExportRequired);
  }
  await accounts.deleteAccount(tx, accountId);
  return { id: account.id, account_slug: account.accountSlug };
}

function exportStillValid(exportedAt: Date | null, now: Date): boolean {
  return exportedAt !== null && now.getTime() - exportedAt.getTime() < EXPORT_VALID_MS;
}

/** Reads a list service page after page until it has every row. */
async function allPages<T, Q extends { page: number }>(fetch: (query: Q) => Promise<{ data: T[]; total: number }>, first: Q): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await fetch({ ...first, page });
    rows.push(...data);
    if (data.length === 0 || rows.length >= total) return rows;
  }
}
