import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import type { TransferAuth, TransferProtocol } from '@keydeck/contract/transfer';
import { Messages } from '@keydeck/contract/messages';
import basicFtp, { type FTPContext } from 'basic-ftp';
import ftpTransfer from 'basic-ftp/dist/transfer.js';
import ssh2, { type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { EgressRefused, type Egress } from '../../platform/egress-policy.ts';

/** A transfer server as the clients need it: where, how to sign in (the opened secret), and for SSH the pinned key. */
export type Remote = {
  protocol: TransferProtocol;
  host: string;
  port: number;
  username: string;
  auth: TransferAuth;
  /** The password, or the SSH private key (PEM). */
  secret: string;
  remoteDirectory: string;
  caCertificate: string | null;
  /** SFTP/SCP: the host key trusted for this host and port, if any. */
  trustedKey: { keyType: string; fingerprint: string } | null;
};

/** An SSH host key as the server presented it. */
export type PresentedKey = { keyType: string; fingerprint: string; publicKey: string };

/** What a remote session offers the work done on it. */
export type RemoteSession = {
  /** Lists the remote directory: how many entries it holds. */
  list(): Promise<number>;
  /** Writes a file into the remote directory; answers its path there. */
  upload(fileName: string, content: Buffer): Promise<string>;
};

export type Timeouts = {
  /** Connection, (TLS or SSH) handshake and sign-in must be done within this. */
  connectMs: number;
  /** Everything, the work included, must be done within this. */
  totalMs: number;
};

/** Why an attempt failed, fit for the screen; host_key: the server's key is not (or no longer) the trusted one. */
export type FailureKind = 'egress' | 'refused' | 'timeout' | 'dns' | 'unreachable' | 'auth' | 'directory' | 'permission' | 'tls' | 'host_key' | 'other';

export class TransferError extends Error {
  override readonly name = 'TransferError';
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
  }
}

/** What an attempt came to: the work's value or the reason it failed, and the host key the server presented. */
export type Attempt<T> = { ok: true; value: T; presented: PresentedKey | null } | { ok: false; error: TransferError; presented: PresentedKey | null };

/** OpenSSH's fingerprint of a key blob, as `ssh-keygen -lf` prints it: SHA256: and the unpadded base64 digest. */
export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** The key type named at the start of an SSH key blob (RFC 4253 §6.6). */
export function keyTypeOf(blob: Buffer): string {
  if (blob.length < 4) return 'unknown';
  const length = blob.readUInt32BE(0);
  return length > 0 && length < 64 && blob.length >= 4 + length ? blob.subarray(4, 4 + length).toString('latin1') : 'unknown';
}

export function describeKey(blob: Buffer): PresentedKey {
  return { keyType: keyTypeOf(blob), fingerprint: fingerprintOf(blob), publicKey: blob.toString('base64') };
}

/** The host key algorithms that present a key of this type, so a host that has several presents the pinned one. */
function algorithmsFor(keyType: string): string[] {
  return keyType === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [keyType];
}

export const endpointOf = (remote: { host: string; port: number }) => (isIP(remote.host) === 6 ? `[${remote.host}]:${remote.port}` : `${remote.host}:${remote.port}`);

/** Where a file lands: the remote directory ('.' being the login directory) and the file's name. */
export const remotePathOf = (directory: string, fileName: string) => (directory === '.' ? fileName : posix.join(directory, fileName));

/**
 * Connects to a transfer server through the egress policy (the name resolved once, every address checked, the
 * connection made to the checked address), signs in, and runs the work on the session; everything is bounded
 * in time. An SSH server whose host key is not the trusted one is refused before any credential is sent.
 */
export async function onRemote<T>(remote: Remote, egress: Egress, timeouts: Timeouts, work: (session: RemoteSession) => Promise<T>): Promise<Attempt<T>> {
  const state: { presented: PresentedKey | null; phase: Phase; hostKeyRefusal: TransferError | null } = { presented: null, phase: 'connect', hostKeyRefusal: null };
  let timer: NodeJS.Timeout | undefined;
  let close: () => void = () => undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransferError(Messages.transferTimedOut(endpointOf(remote), Math.round(timeouts.totalMs / 1000)), 'timeout')), timeouts.totalMs);
  });
  deadline.catch(() => undefined);
  try {
    const address = await Promise.race([egress.resolve(remote.host, remote.port), deadline]);
    const opened = remote.protocol === 'ftp' || remote.protocol === 'ftps' ? openFtp(remote, address.address, egress, timeouts, state) : openSsh(remote, address.address, timeouts, state);
    // However the race ends, the connection is closed: a late one too.
    void opened.then((s) => (close = s.close), () => undefined);
    const session = await Promise.race([opened, deadline]);
    close = session.close;
    state.phase = 'work';
    const value = await Promise.race([work(session.session), deadline]);
    return { ok: true, value, presented: state.presented };
  } catch (err) {
    return { ok: false, error: state.hostKeyRefusal ?? toTransferError(err, remote, state.phase, timeouts), presented: state.presented };
  } finally {
    clearTimeout(timer);
    close();
  }
}

type Phase = 'connect' | 'tls' | 'login' | 'work';
type Opened = { session: RemoteSession; close: () => void };
type State = { presented: PresentedKey | null; phase: Phase; hostKeyRefusal: TransferError | null };

// ---------------------------------------------------------------- SFTP (and SCP, over the SFTP subsystem)

function openSsh(remote: Remote, address: string, timeouts: Timeouts, state: State): Promise<Opened> {
  const client = new ssh2.Client();
  const endpoint = endpointOf(remote);
  const trusted = remote.trustedKey;
  const config: ConnectConfig = {
    host: address,
    port: remote.port,
    username: remote.username,
    readyTimeout: timeouts.connectMs,
    // Only what was configured: no agent, no keyboard-interactive prompts.
    tryKeyboard: false,
    ...(remote.auth === 'key' ? { privateKey: remote.secret } : { password: remote.secret }),
    ...(trusted ? { algorithms: { serverHostKey: { prepend: algorithmsFor(trusted.keyType) } as never } } : {}),
    // Called with the key blob before anything is authenticated: an unknown or changed key ends the handshake
    // there, so no password and no signature reaches a server that is not the trusted one.
    hostVerifier: (blob: Buffer) => {
      const key = describeKey(blob);
      state.presented = key;
      if (trusted && key.fingerprint === trusted.fingerprint) return true;
      state.hostKeyRefusal = new TransferError(
        trusted ? Messages.hostKeyChanged(endpoint, key.keyType, key.fingerprint, trusted.fingerprint) : Messages.hostKeyUnknown(endpoint, key.keyType, key.fingerprint),
        'host_key',
      );
      return false;
    },
  };
  return new Promise<Opened>((resolve, reject) => {
    const close = () => {
      client.end();
      client.destroy();
    };
    // Errors after the first (the connection torn down at the deadline) have nobody left to tell.
    client.on('error', (err) => {
      close();
      reject(err);
    });
    client.once('handshake', () => (state.phase = 'login'));
    client.once('ready', () => {
      state.phase = 'work';
      client.sftp((err, sftp) => {
        if (err) {
          close();
          reject(err);
          return;
        }
        resolve({ session: sftpSession(sftp, remote), close });
      });
    });
    try {
      client.connect(config);
    } catch (err) {
      // A private key ssh2 cannot read is refused before any connection.
      reject(new TransferError(Messages.transferKeyInvalid(err instanceof Error ? err.message : String(err)), 'auth'));
    }
  });
}

function sftpSession(sftp: SFTPWrapper, remote: Remote): RemoteSession {
  return {
    list: () =>
      new Promise<number>((resolve, reject) =>
        sftp.readdir(remote.remoteDirectory, (err, entries) => (err ? reject(Object.assign(err, { op: 'list' })) : resolve(entries.length))),
      ),
    upload: (fileName, content) => {
      const path = remotePathOf(remote.remoteDirectory, fileName);
      return new Promise<string>((resolve, reject) =>
        sftp.writeFile(path, content, (err) => (err ? reject(Object.assign(err, { op: 'upload', path })) : resolve(path))),
      );
    },
  };
}

// ---------------------------------------------------------------- FTP and FTPS (explicit TLS)

function openFtp(remote: Remote, address: string, egress: Egress, timeouts: Timeouts, state: State): Promise<Opened> {
  const client = new basicFtp.Client(timeouts.connectMs);
  // Passive data connections go to the control connection's address, never to one the server names (the
  // FTP bounce), and their port too passes the egress policy.
  client.prepareTransfer = async (ftp: FTPContext) => {
    const control = ftp.socket.remoteAddress;
    if (!control) throw new Error('The control connection is closed');
    let response;
    let port: number;
    try {
      response = await ftp.request('EPSV');
      port = ftpTransfer.parseEpsvResponse(response.message);
    } catch {
      response = await ftp.request('PASV');
      port = ftpTransfer.parsePasvResponse(response.message).port;
    }
    await egress.resolve(control, port);
    await ftpTransfer.connectForPassiveTransfer(control, port, ftp);
    return response;
  };
  const close = () => client.close();
  const open = async (): Promise<Opened> => {
    await client.connect(address, remote.port);
    if (remote.protocol === 'ftps') {
      state.phase = 'tls';
      await client.useTLS({
        // The certificate is checked against the configured name, though the connection went to its checked address.
        host: remote.host,
        ...(isIP(remote.host) ? {} : { servername: remote.host }),
        ...(remote.caCertificate ? { ca: remote.caCertificate } : {}),
      });
    }
    state.phase = 'login';
    await client.login(remote.username, remote.secret);
    await client.useDefaultSettings();
    state.phase = 'work';
    if (remote.remoteDirectory !== '.') {
      try {
        await client.cd(remote.remoteDirectory);
      } catch (err) {
        throw Object.assign(err as Error, { op: 'list' });
      }
    }
    return {
      close,
      session: {
        list: async () => {
          try {
            return (await client.list()).length;
          } catch (err) {
            throw Object.assign(err as Error, { op: 'list' });
          }
        },
        upload: async (fileName, content) => {
          const path = remotePathOf(remote.remoteDirectory, fileName);
          try {
            await client.uploadFrom(Readable.from([content]), fileName);
          } catch (err) {
            throw Object.assign(err as Error, { op: 'upload', path });
          }
          return path;
        },
      },
    };
  };
  return open().catch((err: unknown) => {
    close();
    throw err;
  });
}

// ---------------------------------------------------------------- what went wrong, in words

const SOCKET_TEXT: Record<string, (remote: Remote) => string> = {
  ECONNREFUSED: (r) => Messages.transferRefused(endpointOf(r)),
  ECONNRESET: (r) => Messages.transferFailed(endpointOf(r), 'the connection was reset'),
  EPIPE: (r) => Messages.transferFailed(endpointOf(r), 'the connection was closed'),
  ENOTFOUND: (r) => Messages.transferHostNotFound(r.host),
  EAI_AGAIN: (r) => Messages.transferHostNotFound(r.host),
  EHOSTUNREACH: (r) => Messages.transferUnreachable(r.host),
  ENETUNREACH: (r) => Messages.transferUnreachable(r.host),
};

const SOCKET_KIND: Record<string, FailureKind> = { ECONNREFUSED: 'refused', ENOTFOUND: 'dns', EAI_AGAIN: 'dns', EHOSTUNREACH: 'unreachable', ENETUNREACH: 'unreachable' };

function toTransferError(err: unknown, remote: Remote, phase: Phase, timeouts: Timeouts): TransferError {
  if (err instanceof TransferError) return err;
  const endpoint = endpointOf(remote);
  if (err instanceof EgressRefused) return new TransferError(err.message, 'egress');
  const e = (err ?? {}) as Error & { code?: string | number; level?: string; op?: string; path?: string };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_TEXT[code]) return new TransferError(SOCKET_TEXT[code](remote), SOCKET_KIND[code] ?? 'other');
  const seconds = Math.round(timeouts.connectMs / 1000);
  if (e.level === 'client-timeout' || code === 'ETIMEDOUT' || /^Timeout/.test(e.message ?? '')) return new TransferError(Messages.transferTimedOut(endpoint, seconds), 'timeout');
  if (e.level === 'client-authentication') return new TransferError(Messages.transferAuthFailed(remote.username, endpoint), 'auth');
  if (/CERT|SELF_SIGNED|HOSTNAME|ERR_TLS|ERR_SSL|ALTNAME/.test(code)) return new TransferError(Messages.transferTlsFailed(endpoint, e.message), 'tls');
  if (err instanceof basicFtp.FTPError) {
    const ftpCode = err.code;
    if (phase === 'tls') return new TransferError(Messages.transferTlsUnsupported(endpoint), 'tls');
    if (phase === 'login' || ftpCode === 530) return new TransferError(Messages.transferAuthFailed(remote.username, endpoint), 'auth');
    if (e.op === 'upload' && (ftpCode === 550 || ftpCode === 553 || ftpCode === 532)) return new TransferError(Messages.transferPermissionDenied(e.path ?? remote.remoteDirectory, endpoint), 'permission');
    if (e.op === 'list' && ftpCode >= 450) return new TransferError(Messages.transferDirectoryMissing(remote.remoteDirectory, endpoint), 'directory');
    return new TransferError(Messages.transferFailed(endpoint, err.message), 'other');
  }
  // SFTP status codes (draft-ietf-secsh-filexfer-02 §7): 2 no such file, 3 permission denied.
  if (typeof e.code === 'number' && e.op) {
    if (e.op === 'list' && (e.code === 2 || e.code === 3)) return new TransferError(Messages.transferDirectoryMissing(remote.remoteDirectory, endpoint), 'directory');
    if (e.op === 'upload' && e.code === 3) return new TransferError(Messages.transferPermissionDenied(e.path ?? remote.remoteDirectory, endpoint), 'permission');
    if (e.op === 'upload' && e.code === 2) return new TransferError(Messages.transferDirectoryMissing(remote.remoteDirectory, endpoint), 'directory');
  }
  return new TransferError(Messages.transferFailed(endpoint, e.message || String(err)), 'other');
}
