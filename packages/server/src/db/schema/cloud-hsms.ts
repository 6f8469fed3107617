import { bigint, boolean, check, index, inet, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { blueprints, ipamZones, provisioners } from './infrastructure.ts';
import { services } from './services.ts';
import { users } from './users.ts';

export const CLOUD_HSM_STATUSES = ['PendingProvisioning', 'Enabled', 'Deprovisioning', 'Deprovisioned', 'Failed'] as const;

/**
 * A customer's cloud HSM in a cloud_hsms service: a partition on a provisioner (a SoftHSM2 token for the built-in
 * one), an address from its zone's pool and ports from the account's port range. Provisioning moves it
 * PendingProvisioning -> Enabled, step by step (step is the last one done, so a retried job resumes);
 * deprovisioning zeroizes the partition and frees everything, leaving the row as Deprovisioned for history.
 * The PINs are kept only sealed (secret-box, bound to the row's id): the platform needs the user PIN to count
 * objects and keep cluster members in step; the customer sees each PIN once.
 */
export const cloudHsms = pgTable(
  'cloud_hsms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    blueprintId: uuid('blueprint_id').notNull().references(() => blueprints.id, { onDelete: 'restrict' }),
    zoneId: uuid('zone_id').notNull().references(() => ipamZones.id, { onDelete: 'restrict' }),
    status: text('status', { enum: CLOUD_HSM_STATUSES }).notNull(),
    step: text('step').notNull().default('requested'),
    provisionerId: uuid('provisioner_id').references(() => provisioners.id, { onDelete: 'restrict' }),
    address: inet('address'),
    tokenLabel: text('token_label').notNull(),
    /** The driver's handle of the partition (for SoftHSM2: the token directory). */
    partitionRef: text('partition_ref'),
    tokenSerial: text('token_serial'),
    soPinSealed: text('so_pin_sealed'),
    userPinSealed: text('user_pin_sealed'),
    /** When the customer was shown the PINs; they are shown once (rotating the user PIN shows the new one once). */
    pinsShownAt: timestamp('pins_shown_at', { withTimezone: true }),
    failure: text('failure'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    provisionedAt: timestamp('provisioned_at', { withTimezone: true }),
    deprovisionedAt: timestamp('deprovisioned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cloud_hsms_service_name').on(t.serviceId, sql`lower(${t.name})`).where(sql`${t.status} <> 'Deprovisioned'`),
    index('cloud_hsms_account_status').on(t.accountId, t.status),
    index('cloud_hsms_provisioner').on(t.provisionerId),
  ],
);

/** A port of the account's port range held by one cloud HSM; port ranges never overlap, so a port is held once. */
export const cloudHsmPorts = pgTable(
  'cloud_hsm_ports',
  {
    port: integer('port').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    cloudHsmId: uuid('cloud_hsm_id').notNull().references(() => cloudHsms.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
  },
  (t) => [index('cloud_hsm_ports_hsm').on(t.cloudHsmId)],
);

/** Health samples read from the token itself (C_GetTokenInfo and an object count), kept as a time series. */
export const cloudHsmHealth = pgTable(
  'cloud_hsm_health',
  {
    cloudHsmId: uuid('cloud_hsm_id').notNull().references(() => cloudHsms.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull().defaultNow(),
    reachable: boolean('reachable').notNull(),
    sessions: integer('sessions'),
    maxSessions: bigint('max_sessions', { mode: 'number' }),
    freeMemory: bigint('free_memory', { mode: 'number' }),
    totalMemory: bigint('total_memory', { mode: 'number' }),
    objects: integer('objects'),
    secretKeys: integer('secret_keys'),
    privateKeys: integer('private_keys'),
    publicKeys: integer('public_keys'),
    certificates: integer('certificates'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.cloudHsmId, t.sampledAt] })],
);

/** Each provisioning or deprovisioning run, for the queue's durations and failures over time. */
export const provisioningRuns = pgTable(
  'provisioning_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloudHsmId: uuid('cloud_hsm_id').notNull().references(() => cloudHsms.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['provision', 'deprovision'] }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('provisioning_runs_hsm').on(t.cloudHsmId), index('provisioning_runs_queued').on(t.queuedAt)],
);

/**
 * A cluster of cloud HSMs in a cluster_management service. Members' secret keys are kept in step by wrapping each
 * key missing on a member under the cluster key (AES-256, kept only sealed here and put on a token only as a
 * session object for the copy) and unwrapping it there with the same id, label and attributes.
 */
export const clusters = pgTable(
  'clusters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    clusterKeySealed: text('cluster_key_sealed').notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clusters_service_name').on(t.serviceId, sql`lower(${t.name})`)],
);

/** A cloud HSM belongs to at most one cluster. */
export const clusterMembers = pgTable(
  'cluster_members',
  {
    clusterId: uuid('cluster_id').notNull().references(() => clusters.id, { onDelete: 'cascade' }),
    cloudHsmId: uuid('cloud_hsm_id').notNull().references(() => cloudHsms.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['Joining', 'InSync', 'Failed'] }).notNull().default('Joining'),
    keys: integer('keys').notNull().default(0),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.cloudHsmId] }), uniqueIndex('cluster_members_hsm').on(t.cloudHsmId), check('cluster_members_keys', sql`${t.keys} >= 0`)],
);
