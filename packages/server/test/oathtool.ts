import { execFileSync } from 'node:child_process';

const OATHTOOL = '/usr/bin/oathtool';
const STEP_MS = 30_000;

/**
 * A TOTP code from Debian's oathtool, an implementation independent of the server's, for the step
 * `offsetSteps` away from now (oathtool's --now).
 */
export function oathtoolCode(secret: string, offsetSteps = 0, now = Date.now()): string {
  const at = new Date(now + offsetSteps * STEP_MS).toISOString().replace('T', ' ').slice(0, 19);
  return execFileSync(OATHTOOL, ['--totp', '-b', '--now', `${at} UTC`, secret], { encoding: 'utf8' }).trim();
}

/** Waits until the current 30-second step has a few seconds left, so a code and its check fall in the same step. */
export async function awayFromStepEdge(marginMs = 3_000): Promise<void> {
  const into = Date.now() % STEP_MS;
  if (into < marginMs) await new Promise((resolve) => setTimeout(resolve, marginMs - into));
  else if (into > STEP_MS - marginMs) await new Promise((resolve) => setTimeout(resolve, STEP_MS - into + marginMs));
}
