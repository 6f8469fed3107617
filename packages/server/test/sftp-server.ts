import { execFileSync } from 'node:child_process';
import { timingSafeEqual } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import ssh2, { type Connection, type ParsedKey, type SFTPWrapper } from 'ssh2';

const SSH_KEYGEN = '/usr/bin/ssh-keygen';
const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;

/** An SSH key pair made by Debian's ssh-keygen (OpenSSH format), an implementation Keydeck did not write. */
export type SshKeyPair = { privateKey: string; publicKey: string; /** `ssh-keygen -lf` of the public key: 'SHA256:...'. */ fingerprint: string };

export function sshKeygen(type: 'ed25519' | 'ecdsa' | 'rsa' = 'ed25519'): SshKeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-ssh-keygen-'));
  try {
    const file = join(dir, 'key');
    execFileSync(SSH_KEYGEN, ['-q', '-t', type, ...(type === 'rsa' ? ['-b', '2048'] : []), '-N', '', '-C', 'keydeck-test', '-f', file], { stdio: 'ignore' });
    // '256 SHA256:... keydeck-test (ED25519)'
    const listed = execFileSync(SSH_KEYGEN, ['-lf', `${file}.pub`], { encoding: 'utf8' });
    return { privateKey: readFileSync(file, 'utf8'), publicKey: readFileSync(`${file}.pub`, 'utf8').trim(), fingerprint: listed.split(' ')[1]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type SftpUser = { username: string; password?: string; publicKey?: string };

/**
 * A real SFTP server on 127.0.0.1 (ssh2's Server) serving a temporary directory as every user's home and root,
 * with a host key from ssh-keygen. restart() brings it back on the same port, with another host key if given
 * (the server's key changed, or a man in the middle).
 */
export async function startSftpServer(users: SftpUser[], hostKey: SshKeyPair = sshKeygen()) {
  const root = mkdtempSync(join(tmpdir(), 'keydeck-sftp-'));
  const connections = new Set<Connection>();
  let current: { server: ssh2.Server; key: SshKeyPair } | null = null;
  let port = 0;

  const listen = async (key: SshKeyPair) => {
    const server = new ssh2.Server({ hostKeys: [key.privateKey] }, (client) => {
      connections.add(client);
      client.on('close', () => connections.delete(client));
      client.on('error', () => undefined);
      authenticate(client, users);
      client.on('ready', () => {
        client.on('session', (accept) => {
          const session = accept();
          session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root));
        });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
    current = { server, key };
  };

  const stop = async () => {
    for (const c of connections) c.end();
    if (current) {
      const { server } = current;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    current = null;
  };

  await listen(hostKey);
  return {
    get port() {
      return port;
    },
    root,
    get hostKey() {
      return current!.key;
    },
    async restart(key: SshKeyPair = current!.key) {
      await stop();
      await listen(key);
    },
    async close() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
export type SftpServer = Awaited<ReturnType<typeof startSftpServer>>;

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function authenticate(client: Connection, users: SftpUser[]) {
  client.on('authentication', (ctx) => {
    const user = users.find((u) => u.username === ctx.username);
    if (user && ctx.method === 'password' && user.password !== undefined && sameBytes(Buffer.from(ctx.password), Buffer.from(user.password))) return ctx.accept();
    if (user && ctx.method === 'publickey' && user.publicKey) {
      const allowed = ssh2.utils.parseKey(user.publicKey) as ParsedKey;
      if (ctx.key.algo === allowed.type && sameBytes(ctx.key.data, allowed.getPublicSSH())) {
        // Without a signature the client only asks whether the key would do.
        if (!ctx.signature) return ctx.accept();
        if (allowed.verify(ctx.blob!, ctx.signature, ctx.hashAlgo)) return ctx.accept();
      }
    }
    ctx.reject(['password', 'publickey']);
  });
}

/** The SFTP requests an upload and a directory listing use, on files under root (paths cannot leave it). */
function serveSftp(sftp: SFTPWrapper, root: string) {
  const files = new Map<number, number>();
  const dirs = new Map<number, { path: string; done: boolean }>();
  let next = 0;
  const handleOf = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const numberOf = (handle: Buffer) => (handle.length === 4 ? handle.readUInt32BE(0) : -1);
  const local = (path: string) => join(root, posix.normalize(`/${path === '.' ? '' : path}`));
  const attrsOf = (st: Stats) => ({ mode: st.mode, uid: st.uid, gid: st.gid, size: st.size, atime: Math.floor(st.atimeMs / 1000), mtime: Math.floor(st.mtimeMs / 1000) });
  const stat = (reqId: number, path: string) => {
    try {
      sftp.attrs(reqId, attrsOf(statSync(local(path))));
    } catch {
      sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
    }
  };

  sftp.on('REALPATH', (reqId, path) => {
    const resolved = posix.normalize(`/${path === '.' ? '' : path}`);
    sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as never }]);
  });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('OPEN', (reqId, filename, flags) => {
    if (!(flags & OPEN_MODE.WRITE)) return sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED);
    try {
      const fd = openSync(local(filename), 'w');
      const n = next++;
      files.set(n, fd);
      sftp.handle(reqId, handleOf(n));
    } catch (err) {
      sftp.status(reqId, (err as NodeJS.ErrnoException).code === 'EACCES' ? STATUS_CODE.PERMISSION_DENIED : STATUS_CODE.NO_SUCH_FILE);
    }
  });
  sftp.on('WRITE', (reqId, handle, offset, data) => {
    const fd = files.get(numberOf(handle));
    if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
    writeSync(fd, data, 0, data.length, offset);
    sftp.status(reqId, STATUS_CODE.OK);
  });
  sftp.on('OPENDIR', (reqId, path) => {
    try {
      if (!statSync(local(path)).isDirectory()) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
    } catch {
      return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
    }
    const n = next++;
    dirs.set(n, { path: local(path), done: false });
    sftp.handle(reqId, handleOf(n));
  });
  sftp.on('READDIR', (reqId, handle) => {
    const dir = dirs.get(numberOf(handle));
    if (!dir) return sftp.status(reqId, STATUS_CODE.FAILURE);
    if (dir.done) return sftp.status(reqId, STATUS_CODE.EOF);
    dir.done = true;
    const names = readdirSync(dir.path).map((name) => {
      const st = statSync(join(dir.path, name));
      return { filename: name, longname: name, attrs: attrsOf(st) };
    });
    sftp.name(reqId, names);
  });
  sftp.on('CLOSE', (reqId, handle) => {
    const n = numberOf(handle);
    const fd = files.get(n);
    if (fd !== undefined) closeSync(fd);
    files.delete(n);
    dirs.delete(n);
    sftp.status(reqId, STATUS_CODE.OK);
  });
  for (const unsupported of ['READ', 'FSTAT', 'FSETSTAT', 'SETSTAT', 'REMOVE', 'RMDIR', 'MKDIR', 'RENAME', 'READLINK', 'SYMLINK'] as const) {
    sftp.on(unsupported as 'READ', (reqId: number) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  }
}
