import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@keydeck/client/client';
import { authApi } from '@keydeck/contract/auth.api';
import { credentialsApi } from '@keydeck/contract/credentials.api';
import { PASSWORD, ROLE, seedAccount, seedService, type SeededAccount } from '../../server/test/fixtures.ts';
import { freeTcpPort } from '../../server/test/free-port.ts';
import { createTestApp, type TestApp } from '../../server/test/test-app.ts';

export const BUNDLE = new URL('../dist/keydeck.mjs', import.meta.url).pathname;
export const BIN = new URL('../bin/keydeck.mjs', import.meta.url).pathname;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Added to the child's environment, which otherwise holds only PATH, HOME and this server's KEYDECK_CONFIG. */
  env?: Record<string, string | undefined>;
  /** Written to its stdin. */
  input?: string;
  /** The script to run: the bundle unless told (bin/keydeck.mjs, through tsx). */
  script?: string;
}

/** A running tool: what it printed so far, a wait for a line of its stderr, and its end. */
export interface RunningCli {
  stderrMatch(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  done: Promise<CliResult>;
}

/** Spawns the tool as a user would (a child process), never through a shell, and collects what it prints. */
export function spawnCli(args: string[], options: RunOptions & { home: string }): RunningCli {
  const env = { PATH: process.env.PATH, HOME: options.home, KEYDECK_CONFIG: join(options.home, 'keydeck', 'config.json'), ...options.env };
  const child = spawn(process.execPath, [options.script ?? BUNDLE, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    done,
    async stderrMatch(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(stderr);
        if (match) return match;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`keydeck printed no ${pattern} on stderr: ${stderr}`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    },
  };
}

export const runCli = (args: string[], options: RunOptions & { home: string }): Promise<CliResult> => spawnCli(args, options).done;

/** An API credential as created in the console: its secret is answered this once. */
export interface ApiCredential {
  client_id: string;
  client_secret: string;
}

/**
 * A Keydeck server listening on 127.0.0.1 (PGlite or the test PostgreSQL, by project) with account 'acme' and its
 * administrator 'acme-admin', signed in through the typed client; `run` spawns the tool with a home of its own.
 */
export interface Keydeck {
  t: TestApp;
  url: string;
  acme: SeededAccount;
  /** acme-admin's console session (cookies), to arrange what a test needs through the API. */
  admin: Client;
  /** An API credential of acme-admin's with the given permissions. */
  credential(permissions: string[]): Promise<ApiCredential>;
  /** An enabled service of acme with acme-admin among its users: the credentials open its sessions as they would. */
  ownersService(name: string, type?: string): Promise<{ serviceId: string }>;
  /** The environment that signs the tool in with the credential. */
  envOf(credential: ApiCredential): Record<string, string>;
  home: string;
  run(args: string[], options?: RunOptions): Promise<CliResult>;
  spawn(args: string[], options?: RunOptions): RunningCli;
  close(): Promise<void>;
}

/** The console's build (npm run build puts it there before the tests run): the pages a browser sign-in goes through. */
const WEB_DIST = new URL('../../web/dist', import.meta.url).pathname;

/** web: serve the console's pages (a browser signs in); users: more administrators of acme, besides acme-admin. */
export async function startKeydeck(options: { web?: boolean; users?: string[] } = {}): Promise<Keydeck> {
  if (options.web && !existsSync(`${WEB_DIST}/index.html`)) throw new Error(`The console is not built at ${WEB_DIST}: run npm run build -w @keydeck/web`);
  // The authorization server's issuer is PUBLIC_URL: the address the server listens on, known before it starts.
  const port = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: url, ...(options.web ? { WEB_DIST } : {}) });
  await t.app.listen({ host: '127.0.0.1', port });
  const acme = await seedAccount(t.database.db, 'acme', ['acme-admin', ...(options.users ?? [])].map((username) => ({ username, roleNames: [ROLE.admin] })));
  const admin = createClient({ baseUrl: url });
  await admin.of(authApi).login({ body: { username: 'acme-admin', password: PASSWORD } });
  const home = mkdtempSync(join(tmpdir(), 'keydeck-cli-'));
  let count = 0;
  return {
    t,
    url,
    acme,
    admin,
    home,
    async credential(permissions) {
      const created = await admin.of(credentialsApi).createCredential({
        params: { account_id: acme.accountId },
        body: { name: `cli-${++count}`, owner_user_id: acme.userIds['acme-admin']!, permissions, expires_at: new Date(Date.now() + 86400_000).toISOString(), allowed_cidrs: [] },
      });
      if (!('data' in created)) throw new Error('creating the credential awaits approval');
      return { client_id: created.data.client_id, client_secret: created.data.client_secret };
    },
    ownersService: (name, type) => seedService(t.database.db, acme.accountId, { name, ...(type ? { type } : {}), members: [{ userId: acme.userIds['acme-admin']! }] }),
    envOf: (credential) => ({ KEYDECK_URL: url, KEYDECK_CLIENT_ID: credential.client_id, KEYDECK_CLIENT_SECRET: credential.client_secret }),
    run: (args, options = {}) => runCli(args, { ...options, home }),
    spawn: (args, options = {}) => spawnCli(args, { ...options, home }),
    async close() {
      await t.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
