import { CredentialMessages } from '@keydeck/contract/credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedService } from '../../../server/test/fixtures.ts';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  await seedService(k.t.database.db, k.acme.accountId, { name: 'Payments HSM', members: [{ userId: k.acme.userIds['acme-admin']! }] });
  operator = await k.credential(['services:read']);
});
afterAll(() => k.close());

/**
 * Scheduled reports are a service's data, and the server opens service sessions for people signed in to the console
 * only: through an API credential or an OAuth sign-in the CLI is refused, and says why.
 */
describe('keydeck reports', () => {
  it('run and runs exit 3 with the server\'s reason: no service session for a bearer', async () => {
    const run = await k.run(['reports', 'run', 'Weekly keys'], { env: k.envOf(operator) });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(CredentialMessages.noServiceSession);
    expect(run.stdout).toBe('');

    const runs = await k.run(['reports', 'runs', 'Weekly keys', '--limit', '5'], { env: k.envOf(operator) });
    expect(runs.code).toBe(3);
    expect(runs.stderr).toContain(CredentialMessages.noServiceSession);
  });

  it('refuses a --limit or --wait it cannot read, before calling the server (exit 2)', async () => {
    expect((await k.run(['reports', 'runs', 'Weekly keys', '--limit', '0'], { env: k.envOf(operator) })).code).toBe(2);
    const wait = await k.run(['reports', 'run', 'Weekly keys', '--wait', 'soon'], { env: k.envOf(operator) });
    expect(wait.code).toBe(2);
    expect(wait.stderr).toContain('--wait takes a number of seconds');
  });
});
