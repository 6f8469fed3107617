import { createSocket } from 'node:dgram';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { EgressRefused, type Egress } from '../../platform/egress-policy.ts';
import { octetCounted } from './rfc5424.ts';

export type SyslogTarget = { host: string; port: number; protocol: 'udp' | 'tcp' | 'tls'; caCertificate: string | null };

export type SendOptions = {
  /** The whole send, connection included, must finish within this. */
  timeoutMs: number;
  /** After our last byte, how long to wait for the receiver to close its side (its sign it read everything). */
  closeGraceMs: number;
};

export const DEFAULT_SEND_OPTIONS: SendOptions = { timeoutMs: 5_000, closeGraceMs: 1_000 };

/** A failed send, with a text fit for the screen: it names the cause, never a stack. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
}

/**
 * Sends messages in order over one connection (TCP, TLS: RFC 6587 octet counting) or as one datagram each
 * (UDP, RFC 5426). Resolves once everything was handed over; UDP cannot tell a lost datagram, TCP and TLS
 * fail when the connection breaks before the receiver closed its side or the grace ran out.
 */
export async function sendSyslog(target: SyslogTarget, messages: string[], egress: Egress, options: SendOptions = DEFAULT_SEND_OPTIONS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeliveryError(`No answer from ${where(target)} within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
  });
  // The name is resolved once and checked against the egress policy; the connection goes to that checked address.
  const work = egress
    .resolve(target.host, target.port)
    .then((address) => (target.protocol === 'udp' ? sendUdp(target, address, messages) : sendStream(target, address, messages, options, deadline)));
  try {
    await Promise.race([work, deadline]);
  } catch (err) {
    throw toDeliveryError(err, target);
  } finally {
    clearTimeout(timer);
  }
}

const UDP_REFUSAL_WAIT_MS = 150;

async function sendUdp(target: SyslogTarget, address: Resolved, messages: string[]): Promise<void> {
  const socket = createSocket(address.family === 6 ? 'udp6' : 'udp4');
  try {
    // A connected socket learns of ICMP 'port unreachable' and fails the next send with ECONNREFUSED.
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(target.port, address.address, () => resolve());
    });
    for (const message of messages) {
      await new Promise<void>((resolve, reject) => socket.send(Buffer.from(message, 'utf8'), (err) => (err ? reject(err) : resolve())));
    }
    // The ICMP 'port unreachable' for the datagrams comes back as an error a moment later: wait for it briefly,
    // so a receiver that is not there is reported rather than taken as delivered.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, UDP_REFUSAL_WAIT_MS);
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  } finally {
    socket.close();
  }
}

async function sendStream(target: SyslogTarget, address: Resolved, messages: string[], options: SendOptions, deadline: Promise<never>): Promise<void> {
  const socket: Socket =
    target.protocol === 'tls'
      ? connectTls({
          host: address.address,
          port: target.port,
          ...(isIP(target.host) ? {} : { servername: target.host }),
          ...(target.caCertificate ? { ca: target.caCertificate } : {}),
        })
      : connectTcp({ host: address.address, port: target.port });
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  failed.catch(() => undefined);
  deadline.catch(() => socket.destroy()); // a receiver that never answers must not keep the socket open
  try {
    await Promise.race([new Promise((resolve) => socket.once(target.protocol === 'tls' ? 'secureConnect' : 'connect', resolve)), failed]);
    socket.resume(); // the receiver sends nothing, but its FIN arrives only through a flowing stream
    const closed = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    const flushed = new Promise<void>((resolve) => socket.end(Buffer.concat(messages.map(octetCounted)), () => resolve()));
    await Promise.race([flushed, failed]);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, options.closeGraceMs).unref());
    await Promise.race([closed, grace, failed]);
  } finally {
    socket.destroy();
  }
}

function where(target: SyslogTarget): string {
  return `${target.host}:${target.port}`;
}

type Resolved = { address: string; family: 4 | 6 };

function toDeliveryError(err: unknown, target: SyslogTarget): DeliveryError {
  if (err instanceof DeliveryError) return err;
  if (err instanceof EgressRefused) return new DeliveryError(err.message);
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const text: Record<string, string> = {
    ECONNREFUSED: `Connection refused by ${where(target)}`,
    ECONNRESET: `Connection reset by ${where(target)}`,
    EPIPE: `Connection closed by ${where(target)}`,
    ENOTFOUND: `Host name ${target.host} not found`,
    EAI_AGAIN: `Host name ${target.host} could not be resolved`,
    EHOSTUNREACH: `Host ${target.host} unreachable`,
    ENETUNREACH: `Network unreachable for ${target.host}`,
    ETIMEDOUT: `Connection to ${where(target)} timed out`,
  };
  if (text[code]) return new DeliveryError(text[code]);
  if (/CERT|SELF_SIGNED|HOSTNAME|ERR_TLS|ERR_SSL/.test(code)) {
    return new DeliveryError(`TLS handshake with ${where(target)} failed: ${(err as Error).message}`);
  }
  return new DeliveryError(`Sending to ${where(target)} failed: ${err instanceof Error ? err.message : String(err)}`);
}
