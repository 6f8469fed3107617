import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HsmDriver } from '../hsm-driver.ts';
import { SoftHsm2Error } from './softhsm2-error.ts';
import { confPath, decodeBackup, encodeBackup, readTokenFiles, replaceTokenFiles, writeConf, zeroizeAndRemove } from './token-files.ts';
import type { WorkerAnswer, WorkerRequest, WorkerResults } from './worker-protocol.ts';

export type SoftHsm2DriverOptions = {
  /** The directory holding one directory per cloud HSM (its partition). */
  root: string;
  library?: string;
  /** How long one token operation may take before its worker is killed. */
  timeoutMs?: number;
};

export const SOFTHSM2_DEFAULT_LIBRARY = '/usr/lib/softhsm/libsofthsm2.so';
const DEFAULT_TIMEOUT_MS = 30_000;
/** What a worker may write before it is cut off: its answer is small (a backup never passes through it). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** A cloud HSM id names a directory under the root: one path segment. */
const HSM_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/**
 * The token worker: beside this file in the bundle (build.mjs emits it as dist/softhsm2-token-worker.js), else the
 * TypeScript source, which Node runs by type stripping.
 */
function workerPath(): string {
  const bundled = fileURLToPath(new URL('./softhsm2-token-worker.js', import.meta.url));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL('./token-worker.ts', import.meta.url));
}

/**
 * The built-in provisioner's driver: each cloud HSM is a SoftHSM2 token in a directory of its own, `<root>/<hsmId>`
 * (the partition's ref), with its own softhsm2.conf. Token operations run in a short-lived worker process per call
 * (token-worker.ts), because SoftHSM2 reads its configuration once per process; files (backup, restore, zeroizing)
 * are handled here.
 */
export function createSoftHsm2Driver(options: SoftHsm2DriverOptions): HsmDriver {
  const root = resolve(options.root);
  const library = options.library ?? SOFTHSM2_DEFAULT_LIBRARY;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const worker = workerPath();

  /** A ref this driver made: a directory right under the root. Anything else is refused, never touched. */
  const checkedRef = (ref: string): string => {
    const path = resolve(ref);
    if (dirname(path) !== root || !HSM_ID.test(basename(path))) throw new SoftHsm2Error('bad_request', `${ref} is not a partition of ${root}`);
    return path;
  };

  const run = <Op extends WorkerRequest['op']>(ref: string, request: Extract<WorkerRequest, { op: Op }>): Promise<WorkerResults[Op]> =>
    new Promise((resolvePromise, reject) => {
      const partition = checkedRef(ref);
      if (!existsSync(confPath(partition))) {
        reject(new SoftHsm2Error('no_token', `The partition ${partition} does not exist`));
        return;
      }
      // Only SOFTHSM2_CONF: nothing of this process's environment reaches the worker.
      const child = spawn(process.execPath, [worker, library], { env: { SOFTHSM2_CONF: confPath(partition) }, stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let outBytes = 0;
      let stderr = '';
      let failure: SoftHsm2Error | undefined;
      const stop = (error: SoftHsm2Error) => {
        failure ??= error;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(
        () => stop(new SoftHsm2Error('timeout', `The SoftHSM2 token worker did not finish ${request.op} on ${partition} within ${timeoutMs} ms and was stopped`)),
        timeoutMs,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes > MAX_ANSWER_BYTES) stop(new SoftHsm2Error('worker', `The SoftHSM2 token worker answered ${request.op} with too much output`));
        else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-2_000);
      });
      // A worker killed before it read its request closes stdin under us.
      child.stdin.on('error', () => undefined);
      child.on('error', (error) => stop(new SoftHsm2Error('worker', `The SoftHSM2 token worker could not start: ${error.message}`)));
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (failure) return reject(failure);
        let answer: WorkerAnswer;
        try {
          answer = JSON.parse(Buffer.concat(out).toString('utf8')) as WorkerAnswer;
        } catch {
          // Node's own last words (an import that failed, say): the last line naming an error.
          const why = stderr.split('\n').filter((line) => /Error\b/.test(line)).at(-1)?.trim().slice(0, 300) ?? '';
          return reject(new SoftHsm2Error('worker', `The SoftHSM2 token worker gave no answer to ${request.op} (exit ${code ?? signal})${why ? `: ${why}` : ''}`));
        }
        if (answer.ok) resolvePromise(answer.result as WorkerResults[Op]);
        else reject(new SoftHsm2Error(answer.error.code, `${answer.error.message} (partition ${partition})`));
      });
      child.stdin.end(JSON.stringify(request));
    });

  return {
    kind: 'softhsm2',
    async createPartition(spec) {
      if (!HSM_ID.test(spec.hsmId)) throw new SoftHsm2Error('bad_request', `${spec.hsmId} cannot name a partition directory`);
      if (!spec.label.trim() || Buffer.byteLength(spec.label, 'utf8') > 32) throw new SoftHsm2Error('bad_request', 'A token label has 1 to 32 bytes');
      const ref = resolve(root, spec.hsmId);
      await writeConf(ref);
      const { serial } = await run(ref, { op: 'createPartition', label: spec.label, soPin: spec.soPin, userPin: spec.userPin });
      return { ref, serial };
    },
    async destroyPartition(ref) {
      await zeroizeAndRemove(checkedRef(ref));
    },
    connection(ref, tokenLabel) {
      // SoftHSM2 numbers an initialised token's slot from its serial, which the ref does not carry: applications
      // select the token by its label.
      return { module: library, environment: { SOFTHSM2_CONF: confPath(checkedRef(ref)) }, tokenLabel, slotId: null };
    },
    health: (ref, userPin) => run(ref, { op: 'health', userPin }),
    async rotateUserPin(ref, currentPin, newPin) {
      await run(ref, { op: 'rotateUserPin', currentPin, newPin });
    },
    async backup(ref) {
      return encodeBackup(await readTokenFiles(checkedRef(ref)));
    },
    async restore(ref, backup) {
      const files = decodeBackup(backup);
      await replaceTokenFiles(checkedRef(ref), files);
    },
    listSecretKeys: (ref, userPin) => run(ref, { op: 'listSecretKeys', userPin }),
    exportWrapped: (ref, userPin, clusterKey, keys) =>
      run(ref, { op: 'exportWrapped', userPin, clusterKey: clusterKey.toString('base64'), keys: [...keys] }),
    async importWrapped(ref, userPin, clusterKey, keys) {
      await run(ref, { op: 'importWrapped', userPin, clusterKey: clusterKey.toString('base64'), keys: [...keys] });
    },
  };
}
