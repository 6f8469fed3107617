import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_CSV_COLUMNS } from '@keydeck/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let auditor: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  auditor = await k.credential(['audit:read']);
  // Audited: a token request with a wrong secret and, on the first command, the auditor's own.
  expect((await k.run(['audit', 'list'], { env: { ...k.envOf(auditor), KEYDECK_CLIENT_SECRET: 'wrong', KEYDECK_CONFIG: join(k.home, 'wrong', 'config.json') } })).code).toBe(3);
});
afterAll(() => k.close());

type Row = { action: string; outcome: string; actor_username: string | null };

describe('keydeck audit list', () => {
  it("lists the account's events newest first, with the console's filters", async () => {
    const all = await k.run(['audit', 'list', '--output', 'json', '--limit', '500'], { env: k.envOf(auditor) });
    expect(all.code).toBe(0);
    const events = JSON.parse(all.stdout) as Row[];
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['credential.create', 'credential.token']));

    const failed = await k.run(['audit', 'list', '--action', 'credential.token', '--outcome', 'failure', '--from', '1h', '--output', 'json'], { env: k.envOf(auditor) });
    expect(failed.code).toBe(0);
    const rows = JSON.parse(failed.stdout) as (Row & { reason: string })[];
    expect(rows.map((e) => [e.action, e.outcome, e.reason])).toEqual([['credential.token', 'failure', 'invalid_client']]);

    const table = await k.run(['audit', 'list', '--limit', '1'], { env: k.envOf(auditor) });
    expect(table.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(table.stdout).toMatch(/^TIME\s+USER\s+ACTION\s+TARGET\s+OUTCOME/);
  });

  it('prints at most --limit events', async () => {
    for (let i = 0; i < 3; i++) await k.run(['audit', 'list', '--limit', '1'], { env: { ...k.envOf(auditor), KEYDECK_CONFIG: join(k.home, `fresh-${i}`, 'config.json') } });
    const { stdout } = await k.run(['audit', 'list', '--action', 'credential.token', '--limit', '4', '--output', 'csv'], { env: k.envOf(auditor) });
    expect(stdout.trimEnd().split('\r\n')).toHaveLength(5);
  });

  it('refuses a time it cannot read (exit 2), and a caller without audit:read (exit 3)', async () => {
    expect((await k.run(['audit', 'list', '--from', 'yesterday'], { env: k.envOf(auditor) })).code).toBe(2);
    const other = await k.credential(['services:read']);
    const refused = await k.run(['audit', 'list'], { env: { ...k.envOf(other), KEYDECK_CONFIG: join(k.home, 'other', 'config.json') } });
    expect(refused.code).toBe(3);
  });
});

describe('keydeck audit export', () => {
  it('streams the filtered CSV to stdout, or to --out', async () => {
    const piped = await k.run(['audit', 'export', '--action', 'credential.token'], { env: k.envOf(auditor) });
    expect(piped.code).toBe(0);
    const [header, ...lines] = piped.stdout.trim().split(/\r?\n/);
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes('credential.token'))).toBe(true);

    const file = join(k.home, 'audit.csv');
    const written = await k.run(['audit', 'export', '--action', 'credential.token', '--out', file], { env: k.envOf(auditor) });
    expect(written.code).toBe(0);
    expect(written.stdout).toBe('');
    expect(written.stderr).toContain(`Exported to ${file}`);
    expect(readFileSync(file, 'utf8').split(/\r?\n/)[0]).toBe(header);
  });
});

describe('keydeck audit verify', () => {
  it('exits 0 on an intact chain, and 1 naming the event once an event was changed in the database', async () => {
    const intact = await k.run(['audit', 'verify'], { env: k.envOf(auditor) });
    expect(intact.stderr).toBe('');
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/Company acme\s+\d+\s+yes\s+0/);

    // Someone with the database's owner rights rewrites an event, as the chain's own tests do.
    const { rows } = await k.t.database.executeSql('select id::int as id, seq::int as seq from audit_events where account_id = $1 order by seq limit 1 offset 1', [k.acme.accountId]);
    const event = rows[0] as { id: number; seq: number } | undefined;
    await k.t.database.executeSql('alter table audit_events disable trigger audit_events_append_only');
    try {
      await k.t.database.executeSql("update audit_events set target = 'innocent' where id = $1", [event!.id]);
    } finally {
      await k.t.database.executeSql('alter table audit_events enable trigger audit_events_append_only');
    }
    const broken = await k.run(['audit', 'verify'], { env: k.envOf(auditor) });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/Company acme\s+\d+\s+NO\s+1/);
    expect(broken.stderr).toContain(`Company acme: event ${event!.seq} (id ${event!.id}`);
    expect(broken.stderr).toContain('its contents were changed after it was written');
    expect(broken.stderr).toContain('The audit chain is broken: Company acme (1)');
  });
});
