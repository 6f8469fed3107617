import { z } from 'zod';
import { isoInstant } from './dates.ts';
import { MAX_PAGE_SIZE, PAGING_DEFAULTS } from './paging.ts';

export const AUDIT_OUTCOMES = ['success', 'refused', 'failure'] as const;

/**
 * Every action a request or a background job records, named `area.verb`. A state-changing request the
 * server has no route for is recorded as `http.<method>`.
 */
export const AUDIT_ACTIONS = [
  'accounts.create',
  'accounts.update',
  'accounts.disable',
  'accounts.export',
  'accounts.offboard',
  'allowed_flows.update',
  'allowlist.add',
  'allowlist.enforce',
  'allowlist.remove',
  'auth.login',
  'auth.logout',
  'auth.openid.start',
  'auth.openid.login',
  'auth.password_change',
  'auth.password_reset_request',
  'auth.password_set',
  'auth.password_token_verify',
  'auth.totp_complete',
  'auth.u2f_begin',
  'auth.u2f_complete',
  'cloud_hsm.request',
  'cloud_hsm.provisioned',
  'cloud_hsm.provisioning_failed',
  'cloud_hsm.deprovision',
  'cloud_hsm.deprovisioned',
  'cloud_hsm.pins_shown',
  'cloud_hsm.user_pin_rotate',
  'cloud_hsm.backup',
  'cloud_hsm.restore',
  'cluster.create',
  'cluster.delete',
  'cluster.member_add',
  'cluster.member_remove',
  'cluster.sync',
  'cryptoverse.external_ca_create',
  'cryptoverse.external_ca_update',
  'egress_policy.update',
  'features.set',
  'identity_providers.create',
  'identity_providers.update',
  'identity_providers.delete',
  'infrastructure.datacenter.create',
  'infrastructure.datacenter.update',
  'infrastructure.datacenter.delete',
  'infrastructure.server.create',
  'infrastructure.server.update',
  'infrastructure.server.delete',
  'infrastructure.zone.create',
  'infrastructure.zone.update',
  'infrastructure.zone.delete',
  'infrastructure.pool.add',
  'infrastructure.pool.remove',
  'infrastructure.provisioner_group.create',
  'infrastructure.provisioner_group.update',
  'infrastructure.provisioner_group.delete',
  'infrastructure.provisioner.update',
  'infrastructure.provisioner.delete',
  'infrastructure.blueprint.create',
  'infrastructure.blueprint.update',
  'infrastructure.blueprint.delete',
  'infrastructure.license.create',
  'infrastructure.license.update',
  'infrastructure.license.delete',
  'licenses.create',
  'licenses.update',
  'licenses.delete',
  'mfa.recovery_code_used',
  'mfa.recovery_codes_regenerate',
  'mfa.security_key_register_begin',
  'mfa.security_key_register',
  'mfa.security_key_rename',
  'mfa.security_key_remove',
  'mfa.totp_enrol_begin',
  'mfa.totp_enrol',
  'mfa.totp_disable',
  'port_ranges.create',
  'port_ranges.update',
  'port_ranges.delete',
  'registration.request',
  'registration.confirm',
  'roles.create',
  'roles.update',
  'roles.delete',
  'service.request',
  'service.cancel',
  'service.select',
  'service.create',
  'service.update',
  'service.delete',
  'service.provisioned',
  'service.login',
  'service.logout',
  'service_user.create',
  'service_user.update',
  'service_user.delete',
  'service_user_group.create',
  'service_user_group.update',
  'service_user_group.delete',
  'device_group.create',
  'device_group.delete',
  'device.create',
  'device.update',
  'device.move',
  'device.delete',
  'device_model.create',
  'device_model.update',
  'device_model.delete',
  'key_group.create',
  'key_group.update',
  'key_group.delete',
  'symmetric_key.create',
  'symmetric_key.update',
  'symmetric_key.delete',
  'symmetric_key.export',
  'symmetric_key.component_check',
  'key_assignment.create',
  'key_assignment.delete',
  'key_assignment.load',
  'service_address.replace',
  'cert_authority.create',
  'cert_authority.delete',
  'cert_authority.download',
  'cert_authority.crl',
  'certificate.issue',
  'certificate.revoke',
  'certificate.download',
  'transfer_server.create',
  'transfer_server.update',
  'transfer_server.delete',
  'transfer_server.test',
  'host_key.trust',
  'host_key.delete',
  'scheduled_report.create',
  'scheduled_report.update',
  'scheduled_report.delete',
  'scheduled_report.run',
  'scheduled_report.delivered',
  'syslog.create',
  'syslog.update',
  'syslog.delete',
  'syslog.test',
  'users.create',
  'users.update',
  'users.delete',
  'users.reset_mfa',
  'users.invitation_resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEvent = z.object({
  id: z.number().int(),
  account_id: z.string().nullable(),
  occurred_at: z.string(),
  actor_username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The target's name where `target` names it by id. */
  target_name: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  reason: z.string().nullable(),
  client_address: z.string(),
  request_id: z.string(),
  seq: z.number().int(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** Filters shared by the list and the CSV export. Audit logs read newest first unless asked otherwise. */
export const auditFilters = z.object({
  account_id: z.string().uuid().optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
  user: z.string().trim().max(200).optional(),
  action: z.string().trim().max(200).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditListQuery = auditFilters.extend({
  page: z.coerce.number().int().min(1).default(PAGING_DEFAULTS.page),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGING_DEFAULTS.page_size),
  order: z.enum(['asc', 'desc']).default('desc'),
  order_by: z.enum(['occurred_at', 'action', 'actor_username']).default('occurred_at'),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditPage = z.object({ data: z.array(auditEvent), total: z.number().int() });

/** One account's chain (account_id), or, for platform administrators, every account's and the anonymous one (all). */
export const chainVerifyQuery = z.object({
  account_id: z.string().uuid().optional(),
  all: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
/** At most this many breaks are listed per chain; break_count says how many there are. */
export const MAX_LISTED_BREAKS = 100;
export const chainBreak = z.object({ id: z.number().int(), seq: z.number().int(), occurred_at: z.string(), problem: z.string() });
export const chainVerification = z.object({
  /** The chain checked: an account's (its id and name), or the anonymous refusals' (account_id null). */
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  checked: z.number().int(),
  intact: z.boolean(),
  /** Every link that does not hold, oldest first: verification goes on past a break, so later changes show too. */
  breaks: z.array(chainBreak),
  break_count: z.number().int(),
});
export const chainVerifications = z.object({ chains: z.array(chainVerification) });
export type ChainBreak = z.infer<typeof chainBreak>;
export type ChainVerification = z.infer<typeof chainVerification>;

export const AUDIT_CSV_COLUMNS = [
  'occurred_at',
  'account_id',
  'actor_username',
  'action',
  'target',
  'outcome',
  'reason',
  'client_address',
  'request_id',
  'seq',
  'hash',
] as const;
