import type { Config } from '../config.ts';
import type { Keystore } from './keystore.ts';
import type { Database, Db } from '../db/database.ts';
import type { AntiForgery } from './anti-forgery.ts';
import type { CredentialTokens } from './credential-tokens.ts';
import type { Egress } from './egress-policy.ts';
import type { JobQueue } from './job-queue.ts';
import type { Mailer } from './mailer.ts';
import type { SecretBox } from './secret-box.ts';
import type { ServiceTokens } from './service-tokens.ts';
import type { SessionStore } from './session-store.ts';

/** What every module's register(app, deps) is given: built once in start.ts (or the test harness). */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  sessions: SessionStore;
  antiForgery: AntiForgery;
  mailer: Mailer;
  secretBox: SecretBox;
  /** The audit chain's link key, never in the database. */
  auditKey: Uint8Array;
  /** The one egress policy for every connection a tenant configures. */
  egress: Egress;
  serviceTokens: ServiceTokens;
  /** Bearer tokens of API credentials (POST oauth/token). */
  credentialTokens: CredentialTokens;
  /** Signs the OAuth authorization server's cookies; derived, so every server process holds the same. */
  oauthCookieKey: string;
  /** Background jobs (pg-boss); handlers queue work inside their request's transaction. */
  jobs: JobQueue;
  /** Where payment keys' material lives (software or an HSM token); never the database. */
  keystore: Keystore;
  versions: { server: string; web: string };
};
