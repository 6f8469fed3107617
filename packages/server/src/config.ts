import { availableParallelism, hostname } from 'node:os';
import { resolve } from 'node:path';
import { passwordProblem } from '@keydeck/contract/passwords';
import { z } from 'zod';
import { postgresUrlProblem } from './db/connection-string.ts';

const postgresUrl = z.string().superRefine((url, ctx) => {
  const problem = postgresUrlProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const environment = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** This machine's name: its processes (WORKERS) share it, every other machine has its own (README). */
  MACHINE_NAME: z.string().trim().min(1).default(hostname()),
  /** One host, or several tried in order (postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write): README. */
  DATABASE_URL: postgresUrl.optional(),
  /** The login that owns the tables and runs migrations; DATABASE_URL's login then owns nothing (README). */
  MIGRATION_DATABASE_URL: postgresUrl.optional(),
  /** A standby the lists and exports that allow data a moment old may read from (README, "Read routing"). */
  DATABASE_READ_URL: postgresUrl.optional(),
  /**
   * How long the server waits for PostgreSQL's answer to one statement before it drops the connection (README). Above
   * pg-boss's 30 s lock wait plus its statement; migrations, on a connection of their own, are not bound.
   */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(60),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.string().default(''),
  SESSION_IDLE_SECONDS: seconds(30 * 60),
  SESSION_ABSOLUTE_SECONDS: seconds(12 * 60 * 60),
  /** A service session ends after this long without a call to the service. */
  SERVICE_SESSION_IDLE_SECONDS: seconds(10 * 60),
  /** Failed sign-ins of a username from one address before each further one waits (1 s, 2 s, 4 s...). */
  LOGIN_FREE_ATTEMPTS: seconds(5),
  /** Failed sign-ins of a username from addresses it never signed in from before those addresses wait too. */
  LOGIN_ACCOUNT_FREE_ATTEMPTS: seconds(100),
  /** The longest wait between sign-in attempts. */
  LOGIN_MAX_WAIT_SECONDS: seconds(15 * 60),
  /** How long a second factor stays locked after too many wrong codes (the password was right: not a DoS lever). */
  LOGIN_LOCK_SECONDS: seconds(30 * 60),
  /** Sign-in attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT: seconds(20),
  WEB_DIST: z.string().optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; absent = each mail is written to DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Keydeck <no-reply@keydeck.local>'),
  /** Password-reset requests allowed per client address per minute. */
  PASSWORD_RESET_RATE_LIMIT: seconds(5),
  /** Self-service sign-ups allowed per client address per minute. */
  REGISTRATION_RATE_LIMIT: seconds(5),
  /** The console's address as browsers reach it (for OpenID redirect URIs); absent = each request's own origin. */
  PUBLIC_URL: z.string().url().optional(),
  /** 32 bytes, base64url: the key that seals stored secrets; absent = one generated at first start and kept in the database. */
  /** 32 bytes, base64url: the key of the audit log's links; absent = one generated at first start into DATA_DIR/audit.key. */
  AUDIT_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'AUDIT_KEY must be 32 bytes, base64url-encoded (43 characters)').optional(),
  /** How often each chain whose head moved is checkpointed outside the database (DATA_DIR file and syslog). */
  AUDIT_CHECKPOINT_SECONDS: seconds(5 * 60),
  ENCRYPTION_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'ENCRYPTION_KEY must be 32 bytes, base64url-encoded (43 characters)').optional(),
  /** Where payment keys live: software (sealed under the master key) or pkcs11 (an HSM token). */
  KEYSTORE: z.enum(['software', 'pkcs11']).default('software'),
  /** 32 bytes, base64url: the software keystore's master key; absent = one generated at first start into DATA_DIR/keystore-master.key. */
  KEYSTORE_MASTER_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'KEYSTORE_MASTER_KEY must be 32 bytes, base64url-encoded (43 characters)').optional(),
  PKCS11_LIBRARY: z.string().default('/usr/lib/softhsm/libsofthsm2.so'),
  PKCS11_TOKEN_LABEL: z.string().min(1).optional(),
  PKCS11_PIN: z.string().min(1).optional(),
  /** Where the built-in provisioner keeps its cloud HSMs' SoftHSM2 tokens; absent = DATA_DIR/cloud-hsms. */
  CLOUD_HSM_ROOT: z.string().min(1).optional(),
  /** Cloud HSMs the built-in provisioner of each server machine hosts at most. */
  CLOUD_HSM_CAPACITY: z.coerce.number().int().min(0).default(50),
  /** The SoftHSM2 PKCS#11 library behind the built-in provisioner's tokens. */
  CLOUD_HSM_SOFTHSM2_LIBRARY: z.string().min(1).default('/usr/lib/softhsm/libsofthsm2.so'),
  /** Onboarding a solution waits this long for each new service to be provisioned before it gives up. */
  SOLUTION_SERVICE_WAIT_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** How often onboarding looks again at a service still being provisioned. */
  SOLUTION_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** The OAuth authorization server signs with a new key after this many days (the previous stays published as long). */
  OAUTH_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long an authorization code may wait for its exchange (RFC 6749 §4.1.2 recommends at most 10 minutes). */
  OAUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Stripe: the secret and publishable keys and the webhook endpoint's signing secret; absent = billing is off. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)').optional(),
  /** Where the Stripe API is (a Stripe-compatible server in tests); absent = api.stripe.com. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Server processes on the one port (node:cluster); absent = one per core on PostgreSQL, one on PGlite. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Prometheus metrics on their own port (GET /metrics), never on the console's; absent = no metrics endpoint. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The metrics port's address: loopback unless the scraper is elsewhere on a private network. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Where OpenTelemetry traces go (OTLP over HTTP, e.g. http://collector:4318); absent = no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** On SIGTERM, how long /readyz answers 503 while the server still serves, so a load balancer drains it first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
})
  // The first administrator's password follows the same rule as every other password.
  .superRefine((e, ctx) => {
    const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (stripeKeys > 0 && stripeKeys < 3) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'Billing needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together' });
    }
    const problem = e.ADMIN_PASSWORD === undefined ? null : passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_USERNAME);
    if (problem) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: problem });
    if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'DATABASE_READ_URL needs DATABASE_URL, the primary every write goes to' });
    }
    if ((e.WORKERS ?? 1) > 1 && !e.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['WORKERS'], message: "WORKERS above 1 needs PostgreSQL (DATABASE_URL): PGlite's files take one process" });
    }
    if (e.KEYSTORE === 'pkcs11' && (!e.PKCS11_TOKEN_LABEL || !e.PKCS11_PIN)) {
      ctx.addIssue({ code: 'custom', path: ['KEYSTORE'], message: 'KEYSTORE=pkcs11 needs PKCS11_TOKEN_LABEL and PKCS11_PIN' });
    }
  });

export type Config = {
  host: string;
  port: number;
  /** Server processes sharing the port (workers.ts). */
  workers: number;
  /** The machine this process runs on: its built-in cloud HSM provisioner is named after it. */
  machineName: string;
  /** Where GET /metrics is served (metrics-server.ts), if anywhere. */
  metrics: { host: string; port: number } | null;
  /** The OTLP endpoint traces are exported to (tracing.ts), if any. */
  otlpEndpoint: string | undefined;
  /** Seconds of answering 503 on /readyz before a stopping server closes (main.ts). */
  shutdownDrainSeconds: number;
  dataDir: string;
  databaseUrl: string | undefined;
  migrationDatabaseUrl: string | undefined;
  databaseReadUrl: string | undefined;
  /** The serving pools' bound on one statement's answer: past it the database counts as lost (postgres-client.ts). */
  databaseStatementTimeoutSeconds: number;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  trustedProxies: string[];
  session: { idleSeconds: number; absoluteSeconds: number };
  serviceSession: { idleSeconds: number };
  login: { throttle: { perSource: number; perUsername: number; maxWaitSeconds: number }; lockSeconds: number; ratePerMinute: number };
  webDist: string;
  /** Links in mails point at publicUrl (PUBLIC_URL, else http://HOST:PORT). */
  mail: { smtpUrl: string | undefined; from: string; publicUrl: string; outboxDir: string };
  passwordReset: { ratePerMinute: number };
  registration: { ratePerMinute: number };
  publicUrl: string | undefined;
  encryptionKey: string | undefined;
  auditKey: string | undefined;
  auditCheckpointSeconds: number;
  keystore:
    | { kind: 'software'; masterKey: string | undefined }
    | { kind: 'pkcs11'; library: string; tokenLabel: string; pin: string };
  /** The built-in cloud HSM provisioner: its tokens' directory, how many HSMs it hosts, its SoftHSM2 library. */
  cloudHsm: { root: string; capacity: number; softhsm2Library: string };
  oauth: { keyRotationDays: number; codeTtlSeconds: number };
  /** Onboarding solutions: how long it waits for a new service to be enabled, and how often it looks. */
  solutions: { serviceWaitSeconds: number; pollSeconds: number };
  /** Null when billing is off (no Stripe keys). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; host?: string; port?: number; protocol?: 'http' | 'https' } | null;
};

/** Reads the environment into a typed config; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    workers: e.WORKERS ?? (e.DATABASE_URL ? availableParallelism() : 1),
    machineName: e.MACHINE_NAME,
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseStatementTimeoutSeconds: e.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean),
    session: { idleSeconds: e.SESSION_IDLE_SECONDS, absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS },
    serviceSession: { idleSeconds: e.SERVICE_SESSION_IDLE_SECONDS },
    login: {
      throttle: { perSource: e.LOGIN_FREE_ATTEMPTS, perUsername: e.LOGIN_ACCOUNT_FREE_ATTEMPTS, maxWaitSeconds: e.LOGIN_MAX_WAIT_SECONDS },
      lockSeconds: e.LOGIN_LOCK_SECONDS,
      ratePerMinute: e.LOGIN_RATE_LIMIT,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
      outboxDir: resolve(e.DATA_DIR, 'outbox'),
    },
    passwordReset: { ratePerMinute: e.PASSWORD_RESET_RATE_LIMIT },
    registration: { ratePerMinute: e.REGISTRATION_RATE_LIMIT },
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    encryptionKey: e.ENCRYPTION_KEY,
    auditKey: e.AUDIT_KEY,
    auditCheckpointSeconds: e.AUDIT_CHECKPOINT_SECONDS,
    keystore:
      e.KEYSTORE === 'pkcs11'
        ? { kind: 'pkcs11', library: e.PKCS11_LIBRARY, tokenLabel: e.PKCS11_TOKEN_LABEL!, pin: e.PKCS11_PIN! }
        : { kind: 'software', masterKey: e.KEYSTORE_MASTER_KEY },
    cloudHsm: {
      root: resolve(e.CLOUD_HSM_ROOT ?? `${e.DATA_DIR}/cloud-hsms`),
      capacity: e.CLOUD_HSM_CAPACITY,
      softhsm2Library: e.CLOUD_HSM_SOFTHSM2_LIBRARY,
    },
    oauth: { keyRotationDays: e.OAUTH_KEY_ROTATION_DAYS, codeTtlSeconds: e.OAUTH_CODE_TTL_SECONDS },
    solutions: { serviceWaitSeconds: e.SOLUTION_SERVICE_WAIT_SECONDS, pollSeconds: e.SOLUTION_POLL_SECONDS },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
            ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
            ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
          }
        : null,
  };
}
