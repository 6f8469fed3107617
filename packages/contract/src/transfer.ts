import { z } from 'zod';
import { caCertificatePem } from './certificate-pem.ts';
import { distinctName } from './names.ts';

/**
 * Transfer servers of a service (spec §7 service/ftp_servers, service/scp_servers): where exports and scheduled
 * reports are delivered. The password or SSH private key travels only in requests, never in answers. SSH host
 * keys (service/host_keys) are pinned on first contact once an operator confirmed the fingerprint.
 */
export const TRANSFER_PROTOCOLS = ['sftp', 'scp', 'ftp', 'ftps'] as const;
export type TransferProtocol = (typeof TRANSFER_PROTOCOLS)[number];
/** service/scp_servers holds these: SCP goes over the SFTP subsystem, as OpenSSH's scp does since 9.0. */
export const SSH_PROTOCOLS = ['sftp', 'scp'] as const;
/** service/ftp_servers holds these; ftps is FTP with explicit TLS (AUTH TLS, RFC 4217). */
export const FTP_PROTOCOLS = ['ftp', 'ftps'] as const;
export type TransferFamily = 'ftp' | 'scp';
export const familyOf = (protocol: TransferProtocol): TransferFamily => ((FTP_PROTOCOLS as readonly string[]).includes(protocol) ? 'ftp' : 'scp');

export const TRANSFER_PROTOCOL_LABELS: Record<TransferProtocol, string> = { sftp: 'SFTP', scp: 'SCP', ftp: 'FTP', ftps: 'FTPS (explicit TLS)' };
export const DEFAULT_TRANSFER_PORTS: Record<TransferProtocol, number> = { sftp: 22, scp: 22, ftp: 21, ftps: 21 };

export const TRANSFER_AUTH_METHODS = ['password', 'key'] as const;
export type TransferAuth = (typeof TRANSFER_AUTH_METHODS)[number];
export const TRANSFER_AUTH_LABELS: Record<TransferAuth, string> = { password: 'Password', key: 'SSH private key' };

export const TRANSFER_NAME_MAX = 100;
export const TRANSFER_BATCH_MAX = 20;
/** A connection test, its connection, sign-in and directory listing, ends within this. */
export const TRANSFER_TEST_TIMEOUT_MS = 10_000;

const LINE_BREAK = /[\r\n]/;

function isHost(value: string): boolean {
  return z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success || z.hostname().safeParse(value).success;
}

const name = distinctName(z.string().trim().min(1, 'Enter a name').max(TRANSFER_NAME_MAX));
const host = z.string().trim().toLowerCase().min(1, 'Enter a host name or IP address').max(253).refine(isHost, 'Enter a host name or IP address');
const port = z.number().int('Port must be a whole number').min(1, 'Port must be 1-65535').max(65535, 'Port must be 1-65535');
const username = z
  .string()
  .trim()
  .min(1, 'Enter the user name')
  .max(200)
  .refine((v) => !LINE_BREAK.test(v), 'The user name cannot hold line breaks');
/** Where files land: relative to the account's login directory unless it starts with '/'; '.' is that directory. */
const remoteDirectory = z
  .string()
  .trim()
  .max(1024)
  .refine((v) => !LINE_BREAK.test(v), 'The directory cannot hold line breaks')
  .transform((v) => v || '.');
const caCertificate = caCertificatePem.transform((pem) => pem || null).nullable();
/** A password, or an SSH private key in PEM/OpenSSH form (key authentication). */
const secret = z.string().max(16_000);

type Fields = {
  protocol: TransferProtocol;
  auth: TransferAuth;
  secret?: string | undefined;
  ca_certificate?: string | null | undefined;
};

/** Rules across fields: keys only for SSH, no line breaks in a password, a CA certificate only for FTPS. */
function crossFieldRules(value: Fields, ctx: z.RefinementCtx) {
  if (value.auth === 'key' && familyOf(value.protocol) === 'ftp') {
    ctx.addIssue({ code: 'custom', path: ['auth'], message: 'FTP servers sign in with a password; key authentication is for SFTP and SCP' });
  }
  if (value.auth === 'password' && value.secret !== undefined && LINE_BREAK.test(value.secret)) {
    ctx.addIssue({ code: 'custom', path: ['secret'], message: 'A password cannot hold line breaks' });
  }
  if (value.ca_certificate && value.protocol !== 'ftps') {
    ctx.addIssue({ code: 'custom', path: ['ca_certificate'], message: 'A CA certificate applies to FTPS only' });
  }
}

function serverCreate<P extends readonly [TransferProtocol, ...TransferProtocol[]]>(protocols: P) {
  return z
    .object({
      name,
      protocol: z.enum(protocols, `Protocol must be ${protocols.join(' or ')}`),
      host,
      /** Defaults to the protocol's port (22, or 21). */
      port: port.optional(),
      username,
      auth: z.enum(TRANSFER_AUTH_METHODS).default('password'),
      secret: secret.min(1, 'Enter the password or private key'),
      remote_directory: remoteDirectory.default('.'),
      ca_certificate: caCertificate.default(null),
    })
    .superRefine(crossFieldRules);
}

function serverUpdate<P extends readonly [TransferProtocol, ...TransferProtocol[]]>(protocols: P) {
  return z
    .object({
      id: z.string().uuid(),
      name,
      protocol: z.enum(protocols, `Protocol must be ${protocols.join(' or ')}`),
      host,
      port: port.optional(),
      username,
      auth: z.enum(TRANSFER_AUTH_METHODS).default('password'),
      /** Left out (or empty): the stored one is kept, unless the host, port, protocol or sign-in method changed. */
      secret: secret.optional().transform((v) => v || undefined),
      remote_directory: remoteDirectory.default('.'),
      ca_certificate: caCertificate.default(null),
    })
    .superRefine(crossFieldRules);
}

export const scpServerCreate = serverCreate(SSH_PROTOCOLS);
export const ftpServerCreate = serverCreate(FTP_PROTOCOLS);
export type TransferServerCreate = z.input<typeof scpServerCreate> | z.input<typeof ftpServerCreate>;
export const scpServerUpdate = serverUpdate(SSH_PROTOCOLS);
export const ftpServerUpdate = serverUpdate(FTP_PROTOCOLS);
export type TransferServerUpdate = z.input<typeof scpServerUpdate> | z.input<typeof ftpServerUpdate>;
/** What the server works with once a body is parsed, whichever family. */
export type TransferServerFields = Omit<z.output<typeof scpServerCreate>, 'protocol' | 'secret'> & { protocol: TransferProtocol; secret?: string | undefined };

export const scpServersCreateBody = z.object({ servers: z.array(scpServerCreate).min(1).max(TRANSFER_BATCH_MAX) });
export const ftpServersCreateBody = z.object({ servers: z.array(ftpServerCreate).min(1).max(TRANSFER_BATCH_MAX) });
export const scpServersUpdateBody = z.object({ servers: z.array(scpServerUpdate).min(1).max(TRANSFER_BATCH_MAX) });
export const ftpServersUpdateBody = z.object({ servers: z.array(ftpServerUpdate).min(1).max(TRANSFER_BATCH_MAX) });
/** DELETE: the servers' names. */
export const transferServersDeleteBody = z.object({ servers: z.array(name).min(1).max(TRANSFER_BATCH_MAX) });
export const transferServerTestBody = z.object({ name });

/** GET: the service whose servers to list; it must be the one of the caller's service session. */
export const transferServersQuery = z.object({ service_id: z.string().uuid() });
export const hostKeysQuery = z.object({ service_id: z.string().uuid().optional() });

/**
 * Where an SSH server's host key stands: none recorded yet (the first connection records it), pending an
 * operator's confirmation, trusted, or changed (a trusted key, and a different pending one the server presents now).
 */
export const HOST_KEY_STATES = ['unknown', 'pending', 'trusted', 'changed'] as const;
export type HostKeyState = (typeof HOST_KEY_STATES)[number];

export const transferServer = z.object({
  id: z.string(),
  name: z.string(),
  protocol: z.enum(TRANSFER_PROTOCOLS),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  auth: z.enum(TRANSFER_AUTH_METHODS),
  remote_directory: z.string(),
  ca_certificate: z.string().nullable(),
  /** Key authentication: the public half of the stored key, as a line for the remote account's authorized_keys. */
  client_public_key: z.string().nullable(),
  /** SFTP/SCP: the host key's state and the fingerprint an operator is asked to confirm (else the trusted one); FTP: null. */
  host_key: z.object({ state: z.enum(HOST_KEY_STATES), fingerprint: z.string().nullable() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TransferServer = z.infer<typeof transferServer>;
export const transferServersResponse = z.object({ servers: z.array(transferServer) });

/** One row of a batch, in the spec's words (§8); a created or changed server comes back with its row. */
export const transferServerResult = z.object({ name: z.string(), success: z.boolean(), message: z.string(), server: transferServer.optional() });
export const transferServersResultResponse = z.object({ results: z.array(transferServerResult) });
export type TransferServersResultResponse = z.infer<typeof transferServersResultResponse>;

export const seenHostKey = z.object({
  host: z.string(),
  port: z.number().int(),
  key_type: z.string(),
  fingerprint: z.string(),
  /** trusted: the pinned key; pending: recorded, waiting for an operator to confirm it (first contact or a changed key). */
  status: z.enum(['trusted', 'pending']),
});
export type SeenHostKey = z.infer<typeof seenHostKey>;

export const transferTestResult = z.object({
  success: z.boolean(),
  /** What happened, fit for the screen: the cause of a failure, or what the test reached. */
  message: z.string(),
  /** SFTP/SCP: the host key the server presented, if the connection got that far. */
  host_key: seenHostKey.nullable(),
  /** How many entries the remote directory listed, on success. */
  entries: z.number().int().nullable(),
  elapsed_ms: z.number().int(),
});
export type TransferTestResult = z.infer<typeof transferTestResult>;
export const transferTestResponse = z.object({ test_result: transferTestResult });

export const hostKey = z.object({
  id: z.string(),
  host: z.string(),
  port: z.number().int(),
  key_type: z.string(),
  /** OpenSSH style, as `ssh-keygen -lf` prints it: 'SHA256:' and the unpadded base64 of the key's SHA-256. */
  fingerprint: z.string(),
  /** The key blob, base64 (as in a known_hosts line). */
  public_key: z.string(),
  status: z.enum(['pending', 'trusted']),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** A pending key that would replace a trusted one: the trusted key's fingerprint (the server's key changed). */
  replaces: z.string().nullable(),
  /** The service's SFTP/SCP servers at this host and port. */
  servers: z.array(z.string()),
});
export type HostKey = z.infer<typeof hostKey>;
export const hostKeysResponse = z.object({ host_keys: z.array(hostKey) });

/** A host key named by where it was seen and its fingerprint (the one the operator compared). */
export const hostKeyRef = z.object({
  host,
  port,
  fingerprint: z.string().trim().min(1, 'Enter the fingerprint').max(200),
});
export type HostKeyRef = z.input<typeof hostKeyRef>;
/** PUT: trust pending keys whose fingerprints the operator confirmed; DELETE: forget keys. */
export const hostKeysBody = z.object({ host_keys: z.array(hostKeyRef).min(1).max(TRANSFER_BATCH_MAX) });
export const hostKeysResult = z.object({ name: z.string(), success: z.boolean(), message: z.string() });
export const hostKeysResultResponse = z.object({ results: z.array(hostKeysResult) });
export type HostKeysResultResponse = z.infer<typeof hostKeysResultResponse>;
