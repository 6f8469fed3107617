import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@keydeck/contract/http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { start } from '../src/start.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

export const ADMIN = { username: 'admin', password: 'Correct-Horse-9-Battery' };

/**
 * A fresh database (in-memory PGlite, or a new database on the test PostgreSQL) and the app on it. With onDisk,
 * PGlite lives in DATA_DIR as in production, and DATA_DIR and DATABASE_URL may be given (an installation restored).
 */
export async function createTestApp(env: Record<string, string | undefined> = {}, options: { onDisk?: boolean } = {}) {
  const databaseUrl = env.DATABASE_URL ?? (await freshPostgresDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'keydeck-test-'));
  const config = loadConfig({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    PASSWORD_RESET_RATE_LIMIT: '1000',
    REGISTRATION_RATE_LIMIT: '1000',
    WEB_DIST: '/nonexistent',
    // Without SMTP_URL, mails go to DATA_DIR/outbox: a directory of the test's own, not the working tree.
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { app, database, generatedAdminPassword, scheduledReports, keyCeremonies } = await start(config, { inMemory: !options.onDisk });
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, config, generatedAdminPassword, scheduledReports, keyCeremonies, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A visitor of the app signed in as the user; a refused sign-in fails the set-up there rather than in a later test. */
export async function signedIn(app: FastifyInstance, username: string, password: string): Promise<Visitor> {
  const visitor = new Visitor(app);
  const response = await visitor.signIn(username, password);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${response.statusCode}: ${response.body}`);
  return visitor;
}

/** A fresh app that mails through a test SMTP receiver, for the tests that read its mails; closing the app stops both. */
export async function startMailingApp(env: Record<string, string | undefined> = {}): Promise<{ t: TestApp; smtp: SmtpReceiver }> {
  const smtp = await startSmtpReceiver();
  const app = await createTestApp({ SMTP_URL: smtp.url, ...env });
  const close = async () => {
    await app.close();
    await smtp.close();
  };
  return { t: { ...app, close }, smtp };
}

/** A fresh app and its platform administrator signed in: the set-up of the platform's own pages' tests. */
export async function startWithPlatformAdmin(env: Record<string, string | undefined> = {}): Promise<{ t: TestApp; admin: Visitor }> {
  const t = await createTestApp(env);
  return { t, admin: await signedIn(t.app, ADMIN.username, ADMIN.password) };
}

export async function freshPostgresDatabase(): Promise<string | undefined> {
  const base = inject('postgresUrl');
  if (!base) return undefined;
  const name = `keydeck_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return `${base}/${name}`;
}

/**
 * A browser-like client for app.inject: keeps cookies between calls and echoes the anti-forgery cookie
 * in its header, as the web console does.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async call(options: InjectOptions & { csrf?: 'echo' | 'omit' | string }): Promise<LightMyRequestResponse> {
    const { csrf = 'echo', ...rest } = options;
    const token = csrf === 'echo' ? this.cookies.get(CSRF_COOKIE) : csrf === 'omit' ? undefined : csrf;
    const response = await this.app.inject({
      ...rest,
      headers: {
        ...(rest.headers ?? {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(token ? { [CSRF_HEADER.toLowerCase()]: token } : {}),
      },
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }

  get(url: string) {
    return this.call({ method: 'GET', url });
  }

  post(url: string, payload?: object, csrf?: 'echo' | 'omit' | string) {
    return this.call({ method: 'POST', url, ...(payload ? { payload } : {}), ...(csrf ? { csrf } : {}) });
  }

  /** Visits (to get an anti-forgery cookie) and signs in. */
  async signIn(username: string, password: string): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.get('/rest/api/v1/login');
    return this.post('/rest/api/v1/login', { username, password });
  }
}
