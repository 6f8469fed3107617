import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort } from './free-port.ts';

/** The built server (npm run build first), started as an operator starts it. */
const MAIN = new URL('../dist/main.js', import.meta.url).pathname;

/** One line of a server's JSON log (pino), with the fields the tests read. */
export type LogLine = { msg: string; pid: number; reqId?: string; accountId?: string; req?: { method: string; url: string; remoteAddress: string }; res?: { statusCode: number } };

export type ServerProcess = {
  /** host:port, as a load balancer names it. */
  address: string;
  /** Its own DATA_DIR (removed with it). */
  dataDir: string;
  metricsUrl: string;
  /** The exit code, once it exited (null after a signal). */
  exited: Promise<number | null>;
  log(): LogLine[];
  output(): string;
  kill(signal: NodeJS.Signals): void;
  /** Stops it if it still runs and removes its DATA_DIR. */
  remove(): void;
};

/** A Keydeck server on free 127.0.0.1 ports (the app's and its metrics'), with its own DATA_DIR and the given settings. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'keydeck-server-'));
  const [port, metricsPort] = [await freeTcpPort(), await freeTcpPort()];
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    address: `127.0.0.1:${port}`,
    dataDir,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    exited,
    output: () => output,
    log: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine),
    kill: (signal) => child.kill(signal),
    remove() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
