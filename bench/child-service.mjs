import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 4_000;

/**
 * Starts a Node HTTP service as a child process and resolves once `readyPath` answers 200.
 * Its output is captured rather than inherited so the report stays the only thing printed;
 * the tail of it is quoted when the service fails to start.
 */
export async function startService({ name, script, env, origin, readyPath }) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const service = {
    name,
    origin,
    /** For reading the process's memory (/proc/<pid>/status) while it works. */
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited, sleep(STOP_GRACE_MS).then(() => null)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before GET ${readyPath} answered 200:\n${output}`);
    }
    try {
      const response = await fetch(origin + readyPath, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return service;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  await service.stop();
  throw new Error(`${name}: GET ${readyPath} did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${lastProblem}):\n${output}`);
}
