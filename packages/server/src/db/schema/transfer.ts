import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

/**
 * Where a service's exports and reports are delivered (spec §7 service/ftp_servers, service/scp_servers): an
 * SFTP/SCP or FTP/FTPS server, the account to sign in with and the directory files land in. The password or SSH
 * private key is kept only sealed (secret-box, bound to the row's id) and never leaves the server; a key's public
 * half is kept in the clear, for the operator to install on the remote side.
 */
export const transferServers = pgTable(
  'transfer_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    protocol: text('protocol', { enum: ['sftp', 'scp', 'ftp', 'ftps'] }).notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username').notNull(),
    auth: text('auth', { enum: ['password', 'key'] }).notNull(),
    /** The password or the SSH private key (PEM), sealed with the context `transfer_server:<id>`. */
    secretSealed: text('secret_sealed').notNull(),
    /** For key authentication: the key's public half, as an authorized_keys line. */
    clientPublicKey: text('client_public_key'),
    remoteDirectory: text('remote_directory').notNull(),
    /** FTPS: PEM of the CA (or self-signed certificate) to trust instead of the system's CAs. */
    caCertificate: text('ca_certificate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transfer_servers_service_name').on(t.serviceId, sql`lower(${t.name})`)],
);

/**
 * SSH host keys of a service's SFTP/SCP servers, by host name (as configured, lower case) and port, as OpenSSH's
 * known_hosts pins them. A key seen for the first time, or one that differs from the trusted key, is kept as
 * pending until an operator confirms its fingerprint; transfers go only to a host whose trusted key it presents.
 * At most one trusted and one pending key per host and port.
 */
export const hostKeys = pgTable(
  'host_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** The SSH key type the server presented (ssh-ed25519, ecdsa-sha2-nistp256, rsa-sha2-512's ssh-rsa, ...). */
    keyType: text('key_type').notNull(),
    /** OpenSSH's 'SHA256:<base64 without padding>' of the key blob, as `ssh-keygen -lf` prints it. */
    fingerprint: text('fingerprint').notNull(),
    /** The key blob (SSH wire format), base64. */
    publicKey: text('public_key').notNull(),
    status: text('status', { enum: ['pending', 'trusted'] }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('host_keys_service_endpoint_status').on(t.serviceId, t.host, t.port, t.status),
    index('host_keys_service_host').on(t.serviceId, t.host),
  ],
);
