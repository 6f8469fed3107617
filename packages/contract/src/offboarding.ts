import { z } from 'zod';
import { account } from './accounts.ts';
import { allowlistEntry } from './allowlist.ts';
import { auditEvent } from './audit.ts';
import { SIGN_IN_FLOWS } from './allowed-flows.ts';
import { accountFeature } from './features.ts';
import { identityProvider } from './identity-providers.ts';
import { license } from './licenses.ts';
import { portRange } from './port-ranges.ts';
import { role } from './roles.ts';
import { service } from './services.ts';
import { syslogConfig } from './syslog.ts';
import { user } from './users.ts';

/** How long an export allows the account's deletion: the admin deletes what they have just saved. */
export const EXPORT_VALID_HOURS = 24;

export const offboardingParams = z.object({ account_id: z.string().uuid() });

/**
 * Everything an account owns, as its own users see it through the API: no password hashes, no session ids,
 * no audit-chain hashes, no secret of any kind.
 */
export const accountExport = z.object({
  format: z.literal('keydeck-account-export'),
  version: z.literal(1),
  exported_at: z.string(),
  account,
  users: z.array(user),
  roles: z.array(role),
  user_roles: z.array(z.object({ user_id: z.string(), role_id: z.string() })),
  ip_allowlist: z.array(allowlistEntry),
  features: z.array(accountFeature),
  port_ranges: z.array(portRange),
  licenses: z.array(license),
  services: z.array(service),
  syslog_configs: z.array(syslogConfig),
  /** The sign-in methods the account permits, by name. */
  allowed_flows: z.array(z.enum(SIGN_IN_FLOWS)),
  /** Without has_client_secret: an export names no secret, not even whether one exists. */
  identity_providers: z.array(identityProvider.omit({ has_client_secret: true })),
  audit_events: z.array(auditEvent),
});
export type AccountExport = z.infer<typeof accountExport>;

/** Where the account's offboarding stands: deletion is possible until export_valid_until. */
export const offboardingStatus = z.object({
  offboarding: z.object({
    /** The platform operator's own account, which can never be offboarded. */
    platform_account: z.boolean(),
    exported_at: z.string().nullable(),
    export_valid_until: z.string().nullable(),
    can_delete: z.boolean(),
  }),
});
export type OffboardingStatus = z.infer<typeof offboardingStatus>['offboarding'];

export const offboardingDeleteBody = z.object({ confirm_slug: z.string().trim().min(1, 'Type the account slug') });
export const offboardingDeleted = z.object({ account: z.object({ id: z.string(), account_slug: z.string() }) });
