import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CredentialMessages } from '@keydeck/contract/credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedService } from '../../../server/test/fixtures.ts';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  await seedService(k.t.database.db, k.acme.accountId, { name: 'Payments HSM' });
  operator = await k.credential(['services:read']);
});
afterAll(() => k.close());

describe('keydeck devices', () => {
  it('shows examples in the help of every command', async () => {
    for (const command of ['list', 'import', 'export', 'archive', 'unarchive', 'lock', 'unlock', 'move', 'delete']) {
      const { code, stdout } = await k.run(['devices', command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`$ keydeck devices ${command}`);
    }
  });

  it('refuses what a script got wrong before it reaches the server (exit 2)', async () => {
    const env = k.envOf(operator);
    const unconfirmed = await k.run(['devices', 'delete', '--serials', '-'], { env, input: 'T-1\n' });
    expect([unconfirmed.code, unconfirmed.stderr]).toEqual([2, 'keydeck: Deleting devices cannot be undone: add --yes to delete them\n']);
    const untargeted = await k.run(['devices', 'lock'], { env });
    expect(untargeted.code).toBe(2);
    expect(untargeted.stderr).toContain('Name the devices with --serials FILE or give a filter');
    const dates = await k.run(['devices', 'list', '--added-from', '2026-02-01', '--added-to', '2026-01-01'], { env });
    expect([dates.code, dates.stderr]).toEqual([2, 'keydeck: --added-to: The end date is before the start date\n']);
    const headless = join(k.home, 'headless.csv');
    writeFileSync(headless, 'T-1,Stores\n');
    const csv = await k.run(['devices', 'import', headless, '--service', 'Payments HSM'], { env });
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('The first line must name the columns: serial,group');
    const serviceless = await k.run(['devices', 'list'], { env });
    expect(serviceless.code).toBe(2);
    expect(serviceless.stderr).toContain('No service chosen');
  });

  it('answers 4 for a service the account does not have', async () => {
    const { code, stderr } = await k.run(['devices', 'list', '--service', 'Nowhere'], { env: k.envOf(operator) });
    expect([code, stderr]).toEqual([4, 'keydeck: No service named Nowhere\n']);
  });

  // The server opens service sessions for people only (a delegate has no console session to hang one on): until it
  // lets an API credential or OAuth client reach a service's data, the tool says so in the server's words.
  it("exits 3 with the server's reason when the sign-in cannot open a service session", async () => {
    const { code, stdout, stderr } = await k.run(['devices', 'list', '--service', 'payments hsm'], { env: k.envOf(operator) });
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toBe(`keydeck: ${CredentialMessages.noServiceSession}\n`);
  });
});
