import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
/** The configuration operators are given (README, "Several servers"): the test runs it unchanged. */
export const HAPROXY_CONFIG = new URL('../../../ops/haproxy/keydeck.cfg', import.meta.url).pathname;

export type Haproxy = {
  origin: string;
  /** Each server's state as HAProxy sees it (UP, DOWN, ...), by its name in the configuration. */
  states(): Promise<Record<string, string>>;
  /** HAProxy's own log: one line per request, with the server that answered it. */
  log(): string;
  stop(): void;
};

/**
 * HAProxy from Debian's package, run in the foreground (never the system service) on the given 127.0.0.1 port, with
 * ops/haproxy/keydeck.cfg in front of the given server addresses. Its global section is the test's own: the
 * request log to stdout and an admin socket in a temporary directory.
 */
export async function startHaproxy(port: number, servers: string[]): Promise<Haproxy> {
  if (!existsSync(BIN)) throw new Error(`${BIN} not found: install Debian's haproxy package (scripts/test-prerequisites.sh)`);
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, `global\n    log stdout format raw local0\n    stats socket ${socket} mode 600 level admin\n\n${readFileSync(HAPROXY_CONFIG, 'utf8')}`);
  const env = { ...process.env, KEYDECK_FRONTEND: `127.0.0.1:${port}`, ...Object.fromEntries(servers.map((address, i) => [`KEYDECK_SERVER_${i + 1}`, address])) };
  const check = spawnSync(BIN, ['-c', '-f', config], { env, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refuses the configuration: ${check.stdout}${check.stderr}`);
  const child = spawn(BIN, ['-db', '-f', config], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      const connection = connect(socket, () => connection.end(`${line}\n`));
      connection.on('data', (chunk) => (answer += chunk.toString()));
      connection.on('end', () => resolve(answer));
      connection.on('error', reject);
    });
  const states = async () => {
    const [header, ...rows] = (await command('show stat')).trim().split('\n');
    const column = (name: string) => header!.replace(/^# /, '').split(',').indexOf(name);
    const [server, status] = [column('svname'), column('status')];
    return Object.fromEntries(rows.map((row) => row.split(',')).filter((f) => f[0] === 'keydeck' && !['FRONTEND', 'BACKEND'].includes(f[server]!)).map((f) => [f[server]!, f[status]!]));
  };
  for (const end = Date.now() + 10_000; !existsSync(socket); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`haproxy did not start: ${output}`);
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    states,
    log: () => output,
    stop() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
