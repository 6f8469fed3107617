import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A chain's newest event (seq and link) as it stood when the checkpoint was sealed (at, ISO time). */
export type Checkpoint = { chain: string; seq: number; hash: string; at: string };
export type SealedCheckpoint = Checkpoint & { mac: string };

export type CheckpointLog = {
  /** The checkpoint with the highest sequence this process has seen for the chain (in the file, or written). */
  latest(chain: string): Checkpoint | undefined;
  /** Seals and appends the checkpoints (one write, synced) and returns them sealed. */
  append(checkpoints: Checkpoint[]): SealedCheckpoint[];
};

export const CHECKPOINT_FILE = 'audit-checkpoints.log';

const logs = new Map<string, CheckpointLog>();

/**
 * DATA_DIR/audit-checkpoints.log, beside the audit key and out of a database writer's reach: one JSON line per
 * checkpoint, MACed under a key derived from the audit key, only ever appended (O_APPEND, mode 0600). One per file
 * in a process, so the routes and the periodic writer share what they know. A line whose MAC does not hold (torn by
 * a crash, or forged) vouches for nothing and is skipped; what the process once read is kept even if the file is
 * later cut short.
 */
export function checkpointLog(dataDir: string, auditKey: Uint8Array): CheckpointLog {
  const path = join(dataDir, CHECKPOINT_FILE);
  let log = logs.get(path);
  if (!log) {
    log = openLog(dataDir, path, Buffer.from(hkdfSync('sha256', auditKey, '', 'keydeck audit checkpoints', 32)));
    logs.set(path, log);
  }
  return log;
}

function openLog(dataDir: string, path: string, key: Buffer): CheckpointLog {
  const known = new Map<string, Checkpoint>();
  let offset = 0;
  let partial = '';
  const mac = (c: Checkpoint) => createHmac('sha256', key).update(JSON.stringify([c.chain, c.seq, c.hash, c.at])).digest('hex');
  const remember = (c: Checkpoint) => {
    if ((known.get(c.chain)?.seq ?? 0) < c.seq) known.set(c.chain, { chain: c.chain, seq: c.seq, hash: c.hash, at: c.at });
  };

  // Reads what any process appended since the last read.
  const catchUp = () => {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      const size = fstatSync(fd).size;
      if (size < offset) [offset, partial] = [0, ''];
      const buffer = Buffer.alloc(size - offset);
      readSync(fd, buffer, 0, buffer.length, offset);
      offset = size;
      const lines = (partial + buffer.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        const checkpoint = parsed(line);
        if (checkpoint && sameMac(checkpoint.mac, mac(checkpoint))) remember(checkpoint);
      }
    } finally {
      closeSync(fd);
    }
  };

  return {
    latest(chain) {
      catchUp();
      return known.get(chain);
    },
    append(checkpoints) {
      if (checkpoints.length === 0) return [];
      const sealed = checkpoints.map((c) => ({ ...c, mac: mac(c) }));
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
      try {
        writeSync(fd, sealed.map((c) => `${JSON.stringify(c)}\n`).join(''));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      sealed.forEach(remember);
      return sealed;
    },
  };
}

function parsed(line: string): SealedCheckpoint | undefined {
  try {
    const value = JSON.parse(line) as Partial<SealedCheckpoint>;
    const { chain, seq, hash, at, mac } = value;
    if (typeof chain === 'string' && Number.isSafeInteger(seq) && typeof hash === 'string' && typeof at === 'string' && typeof mac === 'string') {
      return { chain, seq: seq!, hash, at, mac };
    }
  } catch {
    // a torn line: skipped
  }
  return undefined;
}

function sameMac(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
