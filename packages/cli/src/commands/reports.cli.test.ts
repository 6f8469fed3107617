import { Messages } from '@keydeck/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  await k.ownersService('Payments HSM');
  operator = await k.credential(['services:read']);
});
afterAll(() => k.close());

describe('keydeck reports', () => {
  it("reaches the service's reports through the credential's service session, where the service's feature answers", async () => {
    // Past the service session, the service's own switch decides: scheduled reports are off until switched on.
    for (const args of [['reports', 'run', 'Weekly keys'], ['reports', 'runs', 'Weekly keys', '--limit', '5']]) {
      const { code, stdout, stderr } = await k.run([...args, '--service', 'Payments HSM'], { env: k.envOf(operator) });
      expect([code, stdout, stderr], args.join(' ')).toEqual([3, '', `keydeck: ${Messages.scheduledReportsOff}\n`]);
    }
  });

  it('refuses a --limit or --wait it cannot read, before calling the server (exit 2)', async () => {
    expect((await k.run(['reports', 'runs', 'Weekly keys', '--limit', '0'], { env: k.envOf(operator) })).code).toBe(2);
    const wait = await k.run(['reports', 'run', 'Weekly keys', '--wait', 'soon'], { env: k.envOf(operator) });
    expect(wait.code).toBe(2);
    expect(wait.stderr).toContain('--wait takes a number of seconds');
  });
});
