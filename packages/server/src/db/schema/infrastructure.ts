import { PROVISIONER_DOWN_AFTER_SECONDS } from '@keydeck/contract/provisioners';
import { sql } from 'drizzle-orm';
import { boolean, check, cidr, date, index, inet, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The platform's infrastructure (platform administrators only; customers read blueprints and zones to request a
 * cloud HSM). A datacenter holds servers and IPAM zones; a zone holds IPv4/IPv6 CIDR pools that never overlap
 * (an exclusion constraint, across every zone); a provisioner group places cloud HSMs in one zone.
 */
export const datacenters = pgTable(
  'datacenters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Short code, as in hostnames (fra1, iad2). */
    code: text('code').notNull(),
    /** Where it is, as customers see it (Frankfurt, Germany). */
    location: text('location').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('datacenters_name').on(sql`lower(${t.name})`), uniqueIndex('datacenters_code').on(sql`lower(${t.code})`)],
);

export const SERVER_ROLES = ['provisioner', 'database', 'web', 'network'] as const;
export const SERVER_STATUSES = ['active', 'maintenance', 'retired'] as const;

export const globalServers = pgTable(
  'global_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    datacenterId: uuid('datacenter_id').notNull().references(() => datacenters.id, { onDelete: 'restrict' }),
    hostname: text('hostname').notNull(),
    address: inet('address').notNull(),
    role: text('role', { enum: SERVER_ROLES }).notNull(),
    status: text('status', { enum: SERVER_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('global_servers_hostname').on(sql`lower(${t.hostname})`), index('global_servers_datacenter').on(t.datacenterId)],
);

export const ipamZones = pgTable(
  'ipam_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    datacenterId: uuid('datacenter_id').notNull().references(() => datacenters.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ipam_zones_name').on(sql`lower(${t.name})`)],
);

/** A CIDR pool of a zone; the migration adds `EXCLUDE USING gist (cidr inet_ops WITH &&)`: no two pools overlap. */
export const ipamPools = pgTable(
  'ipam_pools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id').notNull().references(() => ipamZones.id, { onDelete: 'restrict' }),
    cidr: cidr('cidr').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ipam_pools_zone').on(t.zoneId)],
);

/** One address of a pool, held by one cloud HSM (the network and broadcast addresses are never handed out). */
export const ipamAllocations = pgTable(
  'ipam_allocations',
  {
    address: inet('address').primaryKey(),
    poolId: uuid('pool_id').notNull().references(() => ipamPools.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').notNull(),
    cloudHsmId: uuid('cloud_hsm_id').notNull(),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ipam_allocations_cloud_hsm').on(t.cloudHsmId), index('ipam_allocations_pool').on(t.poolId)],
);

/** Placement: the provisioners a blueprint's HSMs may land on, and the zone their addresses come from. */
export const provisionerGroups = pgTable(
  'provisioner_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    zoneId: uuid('zone_id').notNull().references(() => ipamZones.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provisioner_groups_name').on(sql`lower(${t.name})`)],
);

/**
 * A registered agent that hosts HSM partitions. It registers itself (by name) and sends heartbeats with its
 * capacity; it is down once its last heartbeat is older than a minute, or at once when its server stopped in order
 * (stopped_at, until a heartbeat after it). draining: takes no new HSMs.
 */
export const provisioners = pgTable(
  'provisioners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    groupId: uuid('group_id').references(() => provisionerGroups.id, { onDelete: 'set null' }),
    /** The driver behind it (softhsm2 for the built-in one). */
    kind: text('kind').notNull(),
    /** The machine it runs on. */
    host: text('host').notNull(),
    /** Partitions it can host in all. */
    capacity: integer('capacity').notNull(),
    draining: boolean('draining').notNull().default(false),
    version: text('version').notNull().default(''),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('provisioners_name').on(t.name), check('provisioners_capacity', sql`${t.capacity} >= 0`)],
);

/**
 * A provisioner is up while its last heartbeat is under a minute old (by the database's clock) and came after its
 * server last stopped: any heartbeat, even from a server version that does not know stopped_at, brings it back.
 */
export const provisionerIsUp = sql<boolean>`(${provisioners.lastHeartbeatAt} > now() - make_interval(secs => ${PROVISIONER_DOWN_AFTER_SECONDS})
  and (${provisioners.stoppedAt} is null or ${provisioners.stoppedAt} < ${provisioners.lastHeartbeatAt}))`;

/** An HSM template customers request from: model, partitions, the ports each HSM needs, policies, placement. */
export const blueprints = pgTable(
  'blueprints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    model: text('model').notNull(),
    partitions: integer('partitions').notNull().default(1),
    ports: integer('ports').notNull().default(1),
    policies: jsonb('policies').$type<Record<string, boolean | number | string>>().notNull().default({}),
    provisionerGroupId: uuid('provisioner_group_id').notNull().references(() => provisionerGroups.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blueprints_name').on(sql`lower(${t.name})`),
    check('blueprints_sizes', sql`${t.partitions} between 1 and 100 and ${t.ports} between 1 and 16`),
  ],
);
/** What a blueprint describes, the columns every reader of blueprints selects (its list, the catalogue, placement). */
export const blueprintSpec = {
  id: blueprints.id,
  name: blueprints.name,
  model: blueprints.model,
  partitions: blueprints.partitions,
  ports: blueprints.ports,
  policies: blueprints.policies,
};

/** A product license the platform holds: seats of an HSM model, each cloud HSM of the model using one while it exists. */
export const productLicenses = pgTable(
  'product_licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    model: text('model').notNull(),
    reference: text('reference').notNull(),
    seats: integer('seats').notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_licenses_valid', sql`${t.seats} > 0 and ${t.validUntil} >= ${t.validFrom}`), index('product_licenses_model').on(t.model)],
);
