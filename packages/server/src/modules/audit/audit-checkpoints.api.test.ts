import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { auditPage, chainCheckpoints, chainVerifications } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { startRsyslog, waitFor, type Rsyslog } from '../../../test/rsyslog.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { CHECKPOINT_FILE } from '../../platform/audit-checkpoint-log.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';

let t: TestApp;
let platform: Visitor;
let rsyslog: Rsyslog;

beforeAll(async () => {
  // Checkpoints every second, so a test can wait for the periodic writer.
  t = await createTestApp({ AUDIT_CHECKPOINT_SECONDS: '1' });
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  rsyslog = await startRsyslog();
});
afterAll(async () => {
  await t?.close();
  await rsyslog?.close();
});

const file = () => join(t.config.dataDir, CHECKPOINT_FILE);
const verify = async (accountId: string) =>
  chainVerifications.parse((await platform.get(`${ApiPath.auditVerify}?account_id=${accountId}`)).json()).chains[0]!;

/** An account whose chain holds `count` events. */
async function accountWithEvents(slug: string, count: number) {
  const account = await seedAccount(t.database.db, slug, [{ username: `${slug}-admin`, roleNames: [ROLE.admin] }]);
  for (let i = 0; i < count; i++) {
    await inScope(t.database.db, SYSTEM_SCOPE, (tx) =>
      writeSystemAuditEvent(tx, t.app.auditKey, { accountId: account.accountId, action: 'roles.create', target: `r-${i}`, jobId: `job-${i}` }),
    );
  }
  return account;
}

/** Someone with the database owner's access (not the application's role) changes history. */
async function asOwner(text: string, values: unknown[]) {
  await t.database.executeSql('alter table audit_events disable trigger audit_events_append_only');
  try {
    await t.database.executeSql(text, values);
  } finally {
    await t.database.executeSql('alter table audit_events enable trigger audit_events_append_only');
  }
}

describe('audit checkpoints', () => {
  it('reports a tail cut with its head moved back, against the periodic checkpoint', async () => {
    const { accountId } = await accountWithEvents('tail', 4);
    await waitFor(() => existsSync(file()) && readFileSync(file(), 'utf8').includes(`"chain":"${accountId}","seq":4,`), 10_000, () => 'a checkpoint of event 4');
    expect(await verify(accountId)).toMatchObject({ intact: true, checked: 4 });

    const [second] = await queryRows<{ hash: string }>(t.database.db, sql`select hash from audit_events where account_id = ${accountId} and seq = 2`);
    await asOwner('delete from audit_events where account_id = $1 and seq > 2', [accountId]);
    await t.database.executeSql('update audit_chain_heads set seq = 2, hash = $1 where chain = $2', [second!.hash, accountId]);

    const chain = await verify(accountId);
    expect(chain.intact).toBe(false);
    expect(chain.checked).toBe(2);
    const at = JSON.parse(readFileSync(file(), 'utf8').trim().split('\n').findLast((l) => l.includes(accountId))!).at as string;
    expect(chain.breaks.map((b) => b.problem)).toEqual([Messages.auditTailRemoved(3, 4, at)]);
    // The periodic writer does not vouch for the cut chain: the break stays.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await verify(accountId)).intact).toBe(false);
  });

  it('reports a chain removed with its head, against a checkpoint taken on demand, and audits the request', async () => {
    const { accountId } = await accountWithEvents('vanish', 2);
    const admin = new Visitor(t.app);
    await admin.signIn('vanish-admin', PASSWORD);
    const res = await admin.post(ApiPath.auditCheckpoint, {});
    expect(res.statusCode).toBe(200);
    const [checkpoint] = chainCheckpoints.parse(res.json()).checkpoints;
    expect(checkpoint).toMatchObject({ account_id: accountId, seq: 3 }); // the admin's sign-in is event 3
    const events = auditPage.parse((await admin.get(`${ApiPath.auditEvents}?action=audit.checkpoint`)).json());
    expect(events.data.map((e) => [e.actor_username, e.outcome])).toEqual([['vanish-admin', 'success']]);

    await asOwner('delete from audit_events where account_id = $1', [accountId]);
    await t.database.executeSql('delete from audit_chain_heads where chain = $1', [accountId]);
    const chain = await verify(accountId);
    expect(chain).toMatchObject({ checked: 0, intact: false, break_count: 1 });
    expect(chain.breaks[0]!.problem).toBe(Messages.auditChainRemoved(3, checkpoint!.at));
  });

  it('keeps the file to the server user, appends only, and refuses every chain to a customer', async () => {
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    const admin = new Visitor(t.app);
    await admin.signIn('vanish-admin', PASSWORD);
    expect((await admin.post(ApiPath.auditCheckpoint, { all: true })).statusCode).toBe(403);
    await new Visitor(t.app).signIn('nobody-at-all', 'wrong password'); // an event of the anonymous chain
    const every = chainCheckpoints.parse((await platform.post(ApiPath.auditCheckpoint, { all: true })).json()).checkpoints;
    expect(every.map((c) => c.account_id)).toContain(null);
  });

  it('sends checkpoints to the account syslog destinations', async () => {
    const { accountId } = await accountWithEvents('syslogged', 1);
    expect((await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['127.0.0.1/32'] } })).statusCode).toBe(200);
    const created = await platform.post(`/rest/api/v1/accounts/${accountId}/syslog-configs`, {
      name: 'collector',
      host: '127.0.0.1',
      port: rsyslog.tcpPort,
      protocol: 'tcp',
    });
    expect(created.statusCode).toBe(201);
    await waitFor(() => /audit\.checkpoint .*chain="[^"]*" seq="2"/.test(rsyslog.received().split('\n').filter((l) => l.includes(accountId)).join('\n')), 10_000, () => 'a checkpoint in syslog');
  });
});
