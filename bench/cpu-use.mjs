import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** The machine's busy and total CPU time so far, in clock ticks (/proc/stat's first line: every core together). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - fields[3] - fields[4], total };
}

/**
 * How many of the machine's cores were busy while `work` ran, and how many the bench's own process used (the load
 * generator): what a second server process could still have had. A factor of workers is bounded by the cores the
 * first one left idle, whatever the server does.
 */
export async function withCpuUse(work) {
  const [before, own] = [machineTicks(), process.cpuUsage()];
  const started = process.hrtime.bigint();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const after = machineTicks();
  const ownUsed = process.cpuUsage(own);
  const cores = availableParallelism();
  return {
    ...result,
    cpu: {
      cores,
      busyCores: ((after.busy - before.busy) / (after.total - before.total)) * cores,
      loadGeneratorCores: (ownUsed.user + ownUsed.system) / 1e6 / seconds,
    },
  };
}
