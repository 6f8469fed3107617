import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStripeServer } from '../../packages/server/test/stripe-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
    demoPassword: string;
    /** Where the server, run without SMTP_URL, writes each mail it sends as an .eml file. */
    outboxDir: string;
    /** The Stripe-compatible server the console's billing talks to. */
    stripe: { host: string; port: number; apiKey: string; webhookSecret: string };
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'packages/server/dist');
const WEB = join(ROOT, 'packages/web/dist');
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 200;
const STOP_GRACE_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${script} exited with ${code}: ${stderr}`))));
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, READY_POLL_MS));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), STOP_GRACE_MS);
    server.once('exit', () => {
      clearTimeout(kill);
      resolveStop();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts the built server on a fresh data directory seeded with the demo company, and hands the
 * tests its address and credentials. The test command builds web and server beforehand.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'keydeck-e2e-'));
  // The suite serves its own copy of the console: a rebuild of packages/web/dist while it runs
  // (a developer at work) would otherwise swap the hashed assets under the loaded page.
  const webDist = join(dataDir, 'web');
  await cp(WEB, webDist, { recursive: true });
  const adminPassword = `Adm-${randomBytes(12).toString('base64url')}-9`;
  const demoPassword = `Demo-${randomBytes(12).toString('base64url')}-7`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir };
  const stripe = await startStripeServer();

  await run(join(SERVER, 'seed-demo.js'), { ...env, DEMO_PASSWORD: demoPassword });

  let output = '';
  const server = spawn(process.execPath, [join(SERVER, 'main.js')], {
    cwd: ROOT,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: webDist,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      // Per-minute sign-in attempts per address: the suite signs in far more often than a person.
      LOGIN_RATE_LIMIT: '1000',
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_keydeck_e2e',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitUntilReady(baseUrl, server, () => output);
  } catch (error) {
    await stop(server);
    await stripe.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('adminUsername', 'admin');
  project.provide('adminPassword', adminPassword);
  project.provide('demoPassword', demoPassword);
  project.provide('outboxDir', join(dataDir, 'outbox'));
  project.provide('stripe', { host: stripe.host, port: stripe.port, apiKey: stripe.apiKey, webhookSecret: stripe.webhookSecret });

  return async () => {
    await stop(server);
    await stripe.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
