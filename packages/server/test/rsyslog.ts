import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort } from './free-port.ts';

const RSYSLOGD = process.env.RSYSLOGD ?? '/usr/sbin/rsyslogd';

export type Rsyslog = {
  udpPort: number;
  tcpPort: number;
  /** Everything received so far, one RFC 5424 line per message as rsyslog parsed it. */
  received(): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
};

/**
 * Debian's rsyslogd in the foreground (-n) with a configuration of its own: UDP and TCP inputs on free
 * ports of 127.0.0.1, everything written to a file in a temp dir re-formatted as RFC 5424 (so the file
 * shows what rsyslog understood, structured data included). Its pid file and work dir live in the temp dir.
 */
export async function startRsyslog(): Promise<Rsyslog> {
  if (!existsSync(RSYSLOGD)) throw new Error(`${RSYSLOGD} not found: install Debian's rsyslog (apt-get install -y rsyslog)`);
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-rsyslog-'));
  const work = join(dir, 'work');
  mkdirSync(work);
  const output = join(dir, 'received.log');
  const [udpPort, tcpPort] = [await freeUdpPort(), await freeTcpPort()];
  const conf = join(dir, 'rsyslog.conf');
  writeFileSync(
    conf,
    [
      `global(workDirectory="${work}" maxMessageSize="64k")`,
      'module(load="imudp")',
      'module(load="imtcp")',
      `input(type="imudp" address="127.0.0.1" port="${udpPort}")`,
      `input(type="imtcp" address="127.0.0.1" port="${tcpPort}")`,
      `action(type="omfile" file="${output}" template="RSYSLOG_SyslogProtocol23Format")`,
      '',
    ].join('\n'),
  );

  let child: ChildProcess | null = null;
  let stderr = '';

  async function start() {
    stderr = '';
    const proc = spawn(RSYSLOGD, ['-n', '-f', conf, '-i', join(dir, 'rsyslogd.pid')], { stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child = proc;
    await waitFor(() => tcpAccepts(tcpPort), 10_000, () => `rsyslogd did not start listening: ${stderr}`);
  }

  async function stop() {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    child = null;
  }

  await start();
  return {
    udpPort,
    tcpPort,
    received: () => (existsSync(output) ? readFileSync(output, 'utf8') : ''),
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until check() holds, or fails after timeoutMs: every wait in these tests is bounded. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, describe: () => string = () => 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tcpAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const port = socket.address().port;
      socket.close(() => resolve(port));
    });
  });
}
