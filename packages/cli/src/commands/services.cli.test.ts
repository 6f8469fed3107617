import { readFileSync, statSync } from 'node:fs';
import { Messages } from '@keydeck/contract/messages';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedService } from '../../../server/test/fixtures.ts';
import { BIN, startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let reader: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  await k.ownersService('Payments HSM');
  await seedService(k.t.database.db, k.acme.accountId, { name: 'Signing, "EU"', type: 'rkms' });
  reader = await k.credential(['services:read']);
});
afterAll(() => k.close());

describe('keydeck services list', () => {
  it("prints the account's services as a table, signed in with an API credential from the environment", async () => {
    const { code, stdout, stderr } = await k.run(['services', 'list'], { env: k.envOf(reader) });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [header, ...lines] = stdout.trimEnd().split('\n');
    expect(header).toMatch(/^NAME\s+TYPE\s+STATUS\s+LOCATION\s+ENVIRONMENT\s+CURRENT\s+ID$/);
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith('Payments HSM'))).toMatch(/Enabled\s+eu-central\s+production/);
    // The secret never reaches the output.
    expect(stdout).not.toContain(reader.client_secret);
  });

  it('answers JSON as the server did, and CSV quoted as RFC 4180 says', async () => {
    const json = await k.run(['services', 'list', '--output', 'json'], { env: k.envOf(reader) });
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { total: number }).total).toBe(2);

    const filtered = await k.run(['services', 'list', '--search', 'signing', '--status', 'Enabled', '--output', 'json'], { env: k.envOf(reader) });
    expect((JSON.parse(filtered.stdout) as { data: { name: string }[] }).data.map((s) => s.name)).toEqual(['Signing, "EU"']);

    const csv = await k.run(['services', 'list'], { env: { ...k.envOf(reader), KEYDECK_OUTPUT: 'csv' } });
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe('Name,Type,Status,Location,Environment,Current,Id');
    expect(csv.stdout).toContain('"Signing, ""EU"""');
  });

  it('caches the token 0600 beside the config, and asks for a new one when the server refuses it', async () => {
    expect((await k.run(['services', 'list'], { env: k.envOf(reader) })).code).toBe(0);
    const cache = `${dirname(`${k.home}/keydeck/config.json`)}/tokens-default.json`;
    expect(statSync(cache).mode & 0o777).toBe(0o600);
    // A restart with another signing key would refuse the cached token: here, a server that forgot it.
    const { writeFileSync, readFileSync } = await import('node:fs');
    const cached = JSON.parse(readFileSync(cache, 'utf8')) as { access_token: string };
    writeFileSync(cache, JSON.stringify({ ...cached, access_token: `${cached.access_token}x` }), { mode: 0o600 });
    const again = await k.run(['services', 'list'], { env: k.envOf(reader) });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Payments HSM');
  });

  it('exits 3 with the reason when not signed in, or the credential is refused', async () => {
    const none = await k.run(['services', 'list'], { env: { KEYDECK_URL: k.url, KEYDECK_CONFIG: `${k.home}/nobody/config.json` } });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('Not signed in');

    const wrong = await k.run(['services', 'list'], { env: { ...k.envOf(reader), KEYDECK_CLIENT_SECRET: 'not-the-secret', KEYDECK_CONFIG: `${k.home}/wrong/config.json` } });
    expect(wrong.code).toBe(3);
    expect(wrong.stdout).toBe('');
  });

  it('exits 3 when the credential lacks the permission, and 5 when the server cannot be reached', async () => {
    const other = await k.credential(['syslog:manage']);
    const refused = await k.run(['services', 'list'], { env: { ...k.envOf(other), KEYDECK_CONFIG: `${k.home}/other/config.json` } });
    expect(refused.code).toBe(3);
    const down = await k.run(['services', 'list'], { env: { ...k.envOf(reader), KEYDECK_URL: 'http://127.0.0.1:9', KEYDECK_CONFIG: `${k.home}/down/config.json` } });
    expect(down.code).toBe(5);
    expect(down.stderr).toContain('could not be reached');
  });

  it('runs the same through bin/keydeck.mjs (the sources, through tsx)', async () => {
    const { code, stdout } = await k.run(['services', 'list', '--output', 'csv'], { env: k.envOf(reader), script: BIN });
    expect(code).toBe(0);
    expect(stdout).toContain('Payments HSM');
  });
});

describe('keydeck service use', () => {
  it("remembers the service in the profile and opens the credential's own service session on it", async () => {
    const use = await k.run(['--profile', 'pay', 'service', 'use', 'payments hsm'], { env: k.envOf(reader) });
    expect(use.code, use.stderr).toBe(0);
    expect(use.stderr).toMatch(/^Using Payments HSM \(profile pay\); service session until \d{4}-/);
    // A service whose users the credential's owner is not one of: the server's refusal, the choice kept.
    const refused = await k.run(['--profile', 'other', 'service', 'use', 'Signing, "EU"'], { env: k.envOf(reader) });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toBe(`keydeck: Signing, "EU" is the profile's service, but no service session was opened: ${Messages.notAServiceUser}\n`);
    const profile = (JSON.parse(readFileSync(`${k.home}/keydeck/config.json`, 'utf8')) as { profiles: Record<string, { service?: { name: string } }> }).profiles.pay;
    expect(profile?.service?.name).toBe('Payments HSM');

    const list = await k.run(['--profile', 'pay', 'services', 'list', '--output', 'csv'], { env: k.envOf(reader) });
    expect(list.stdout.split('\r\n').find((line) => line.startsWith('Payments HSM'))).toContain(',yes,');
  });

  it('exits 4 for a service the account does not have', async () => {
    const use = await k.run(['service', 'use', 'Nope'], { env: k.envOf(reader) });
    expect(use.code).toBe(4);
    expect(use.stderr).toContain('No service Nope');
  });
});

describe('keydeck itself', () => {
  it('lists the exit codes in --help, and exits 2 on a usage error', async () => {
    const help = await k.run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('3  not signed in, or refused by the server (401/403)');
    const wrong = await k.run(['services', 'list', '--output', 'yaml']);
    expect(wrong.code).toBe(2);
  });

  it('gives every command an Examples section in its --help', async () => {
    // The completion script lists every command path: the leaves are the commands.
    const script = (await k.run(['completion', 'bash'])).stdout;
    const paths = [...script.matchAll(/^ {4}'([^']*)'\) words='([^']*)'/gm)].map(([, path, words]) => ({ path: path!, words: words!.split(' ') }));
    const leaves = paths.filter(({ path }) => path && !paths.some((other) => other.path.startsWith(`${path} `)));
    expect(leaves.map((leaf) => leaf.path)).toEqual(expect.arrayContaining(['services list', 'service use', 'audit verify', 'reports run', 'login']));
    for (const { path } of leaves) {
      const help = await k.run([...path.split(' '), '--help']);
      expect(help.code, path).toBe(0);
      expect(help.stdout, path).toContain('\nExamples:\n  $ ');
    }
  });

  it('prints a completion script generated from its commands', async () => {
    const { code, stdout } = await k.run(['completion', 'bash']);
    expect(code).toBe(0);
    expect(stdout).toContain("'services') words='list");
    expect(stdout).toContain('complete -F _keydeck keydeck');
  });
});
