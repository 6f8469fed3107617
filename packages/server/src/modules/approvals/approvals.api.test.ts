import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ApprovalMessages as Say, approvalPending, approvalPoliciesResponse, approvalRequest, approvalRequestsResponse } from '@keydeck/contract/approvals';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { symmetricKeyExportResponse } from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { Visitor, createTestApp } from '../../../test/test-app.ts';

/**
 * A TR-31 export that needs 2 approvals from the account's administrators: it runs exactly once after the second
 * approval, by its requester, with exactly the approved parameters; never after a denial, an expiry, or when the
 * requester approves their own.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const who: Record<'requester' | 'ann' | 'ben' | 'cat' | 'viewer' | 'outsider', Visitor> = {} as never;
let adminRoleId: string;

const exportBody = { key: 'Data key', kbpk: 'Exchange KBPK' };
const put = (visitor: Visitor, url: string, payload: object) => visitor.call({ method: 'PUT', url, payload });
const exportKey = (headers: Record<string, string> = {}, body: object = exportBody) =>
  who.requester.call({ method: 'POST', url: ApiPath.symmetricKeyExport, payload: body, headers });
const decide = (visitor: Visitor, id: string, decision: 'approve' | 'deny', reason?: string) =>
  visitor.post(apiPath(decision === 'approve' ? ApiPath.approvalApprove : ApiPath.approvalDeny, { request_id: id }), reason ? { reason } : {});
async function ask(): Promise<string> {
  const res = await exportKey();
  expect(res.statusCode, res.body).toBe(202);
  return approvalPending.parse(res.json()).approval_request.id;
}
const carryOut = (id: string, body?: object) => exportKey({ 'approval-request': id }, body);
const setPolicy = (enabled: boolean, required_approvals = 2) =>
  put(who.requester, ApiPath.approvalPolicies, { operation: 'symmetric_key.export', enabled, required_approvals, approver_role_id: adminRoleId, wait_hours: 24 });

beforeAll(async () => {
  t = await createTestApp();
  const names = ['requester', 'ann', 'ben', 'cat'];
  const acme = await seedAccount(t.database.db, 'acme', [...names.map((username) => ({ username, roleNames: [ROLE.admin] })), { username: 'viewer', roleNames: [ROLE.readOnly] }]);
  await seedAccount(t.database.db, 'globex', [{ username: 'outsider', roleNames: [ROLE.admin] }]);
  const { serviceId } = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    groups: [{ name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS }],
    members: [...names, 'viewer'].map((name) => ({ userId: acme.userIds[name]!, group: 'Administrators' })),
  });
  for (const name of [...names, 'viewer'] as const) {
    const visitor = new Visitor(t.app);
    await visitor.signIn(name, PASSWORD);
    await queryRows(t.database.db, sql`update sessions set current_service_id = ${serviceId} where user_id = ${acme.userIds[name]!}`);
    expect((await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }))).statusCode).toBe(200);
    who[name as keyof typeof who] = visitor;
  }
  who.outsider = new Visitor(t.app);
  await who.outsider.signIn('outsider', PASSWORD);
  adminRoleId = (await queryRows<{ id: string }>(t.database.db, sql`select id from roles where account_id = ${acme.accountId} and name = ${ROLE.admin}`))[0]!.id;
  expect((await who.requester.post(ApiPath.keyGroups, { groups: [{ name: 'Keys' }] })).statusCode).toBe(201);
  const generate = (name: string, usage: string, mode: string) => ({ source: 'generate', name, group: 'Keys', algorithm: 'AES_256', usage, mode_of_use: mode, exportability: 'E' });
  const made = await who.requester.post(ApiPath.symmetricKeys, { symmetric_keys: [generate('Exchange KBPK', 'K1', 'B'), generate('Data key', 'D0', 'B'), generate('Other key', 'D0', 'B')] });
  expect(made.json().results.every((r: { success: boolean }) => r.success), made.body).toBe(true);
});
afterAll(() => t.close());

describe('approval of a TR-31 export, 2 of the account administrators', () => {
  it('shows every operation that can need approval, off until set, and will not require more approvers than the role has', async () => {
    const { policies } = approvalPoliciesResponse.parse((await who.requester.get(ApiPath.approvalPolicies)).json());
    expect(policies.map((p) => [p.operation, p.enabled, p.required_approvals, p.approver_role.name])).toContainEqual(['symmetric_key.export', false, 2, ROLE.admin]);
    expect((await exportKey()).statusCode).toBe(200); // no policy yet: no approval
    const tooMany = await setPolicy(true, 5);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.required_approvals).toEqual([Say.tooFewApprovers(ROLE.admin, 4, 5)]);
    expect((await put(who.viewer, ApiPath.approvalPolicies, { operation: 'symmetric_key.export', enabled: false, required_approvals: 1, approver_role_id: adminRoleId, wait_hours: 1 })).statusCode).toBe(403);
    expect((await setPolicy(true)).statusCode).toBe(200);
  });

  it('answers 202 with a request bound to the call, and runs it once after the second approval, for its requester only', async () => {
    const id = await ask();
    // Each approver is told by mail, the requester and those who may not approve are not.
    const told = async () => {
      const dir = t.config.mail.outboxDir;
      const mails = existsSync(dir) ? readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8')) : [];
      return mails.filter((mail) => mail.includes('Subject: Approval needed: Export a key as a TR-31 key block')).map((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim()).sort();
    };
    await expect.poll(told, { timeout: 5_000 }).toEqual(['ann@example.test', 'ben@example.test', 'cat@example.test']);
    const pending = approvalRequest.parse((await who.requester.get(apiPath(ApiPath.approvalRequest, { request_id: id }))).json());
    expect(pending).toMatchObject({ state: 'pending', approvals: 0, required_approvals: 2, requested_by: 'requester', call: { method: 'POST', path: ApiPath.symmetricKeyExport, body: exportBody } });
    expect(pending.you).toEqual({ may_decide: false, why_not: Say.ownRequest, requested: true });
    const inbox = approvalRequestsResponse.parse((await who.ann.get(`${ApiPath.approvalRequests}?box=inbox`)).json());
    expect(inbox.data.map((r) => r.id)).toContain(id);

    expect((await decide(who.requester, id, 'approve')).json().message).toBe(Say.ownRequest);
    expect((await decide(who.viewer, id, 'approve')).json().message).toBe(Say.notApprover(ROLE.admin));
    expect((await decide(who.outsider, id, 'approve')).statusCode).toBe(404);
    expect(approvalRequest.parse((await decide(who.ann, id, 'approve', 'Ticket 4711')).json())).toMatchObject({ state: 'pending', approvals: 1 });
    expect((await decide(who.ann, id, 'approve')).json().message).toBe(Say.alreadyDecided);
    // A header that names no request of the caller's, or is not an id at all, changes nothing.
    for (const bogus of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await carryOut(bogus);
      expect([res.statusCode, res.json().message]).toEqual([404, Say.requestNotFound]);
    }
    const early = await carryOut(id);
    expect([early.statusCode, early.json().message]).toEqual([409, Say.notApprovedYet(1, 2)]);

    expect(approvalRequest.parse((await decide(who.ben, id, 'approve')).json())).toMatchObject({ state: 'approved', approvals: 2 });
    // Only the requester, and only the very call approved.
    const byAnn = await who.ann.call({ method: 'POST', url: ApiPath.symmetricKeyExport, payload: exportBody, headers: { 'approval-request': id } });
    expect([byAnn.statusCode, byAnn.json().message]).toEqual([403, Say.notRequester]);
    const other = await carryOut(id, { key: 'Other key', kbpk: 'Exchange KBPK' });
    expect([other.statusCode, other.json().message]).toEqual([409, Say.differs]);

    const done = await carryOut(id);
    expect(done.statusCode, done.body).toBe(200);
    expect(symmetricKeyExportResponse.parse(done.json()).key_block.length).toBeGreaterThan(0);
    const again = await carryOut(id);
    expect([again.statusCode, again.json().message]).toEqual([409, Say.notExecutable('executed')]);

    const audit = await queryRows<{ action: string; actor_username: string; outcome: string; reason: string | null }>(
      t.database.db,
      sql`select action, actor_username, outcome, reason from audit_events where action in ('approval.request', 'approval.approve', 'symmetric_key.export') and seq > (select max(seq) from audit_events where action = 'approval.policy_update') order by seq`,
    );
    const exported = audit.filter((a) => a.action === 'symmetric_key.export' && a.outcome === 'success');
    expect(exported).toHaveLength(1);
    expect(exported[0]!.reason).toBe(`approved by ann, ben (approval request ${id})`);
    expect(audit[0]).toMatchObject({ action: 'approval.request', actor_username: 'requester', outcome: 'success' });
  });

  it('never runs a denied or expired request', async () => {
    const denied = await ask();
    expect(approvalRequest.parse((await decide(who.cat, denied, 'deny', 'No change ticket')).json())).toMatchObject({ state: 'denied' });
    expect((await carryOut(denied)).json().message).toBe(Say.notExecutable('denied'));
    expect((await decide(who.ann, denied, 'approve')).json().message).toBe(Say.notPending('denied'));

    const expired = await ask();
    await decide(who.ann, expired, 'approve');
    await decide(who.ben, expired, 'approve');
    await queryRows(t.database.db, sql`update approval_requests set expires_at = now() - interval '1 second' where id = ${expired}`);
    const late = await carryOut(expired);
    expect([late.statusCode, late.json().message]).toEqual([409, Say.notExecutable('expired')]);
  });

  it('counts racing approvals once each and runs racing executions once', async () => {
    const id = await ask();
    const decisions = await Promise.all([decide(who.ann, id, 'approve'), decide(who.ben, id, 'approve'), decide(who.cat, id, 'approve')]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 200, 409]);
    expect(approvalRequest.parse((await who.requester.get(apiPath(ApiPath.approvalRequest, { request_id: id }))).json())).toMatchObject({ state: 'approved', approvals: 2 });
    const runs = await Promise.all([carryOut(id), carryOut(id)]);
    expect(runs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows another account nothing', async () => {
    const mine = approvalRequestsResponse.parse((await who.outsider.get(`${ApiPath.approvalRequests}?box=all`)).json());
    expect(mine.data).toEqual([]);
    expect(mine.inbox_count).toBe(0);
  });
});
