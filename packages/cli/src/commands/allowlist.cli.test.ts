import { createClient, type Client } from '@keydeck/client/client';
import { allowlistApi } from '@keydeck/contract/allowlist.api';
import { APPROVAL_OPERATIONS, ApprovalMessages } from '@keydeck/contract/approvals';
import { approvalsApi } from '@keydeck/contract/approvals.api';
import { authApi } from '@keydeck/contract/auth.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE } from '../../../server/test/fixtures.ts';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let manager: ApiCredential;
let approver: Client;
const UUID_LINE = /^[0-9a-f-]{36}\n$/;

beforeAll(async () => {
  k = await startKeydeck({ users: ['acme-approver'] });
  manager = await k.credential(['allowlist:manage', 'company:read']);
  // Switching enforcement off needs one approval from an account administrator other than the requester.
  const { rows } = await k.t.database.executeSql('select id from roles where account_id = $1 and name = $2', [k.acme.accountId, ROLE.admin]);
  const roleId = (rows[0] as { id: string }).id;
  await k.admin.of(approvalsApi).setApprovalPolicy({ body: { operation: 'allowlist.enforcement_off', enabled: true, required_approvals: 1, approver_role_id: roleId, wait_hours: 1 } });
  approver = createClient({ baseUrl: k.url });
  await approver.of(authApi).login({ body: { username: 'acme-approver', password: PASSWORD } });
});
afterAll(() => k.close());

const enforced = async () => (await k.admin.of(allowlistApi).getIpAllowlist({ query: {} })).enforce_ip;
const cli = (...args: string[]) => k.run(['allowlist', ...args], { env: k.envOf(manager) });

describe('keydeck allowlist', () => {
  it('adds an address and switches enforcement on (no approval needed)', async () => {
    const added = await cli('add', '127.0.0.1/32');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^ADDRESS\s+ADDED\n127\.0\.0\.1\/32\s+/);
    expect(added.stderr).toContain('Enforced: no; your address: 127.0.0.1');
    const on = await cli('enforce', 'on');
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/Enforced:\s+yes/);
    expect(await enforced()).toBe(true);
  });
});

describe('operations that need approval', () => {
  it('prints the pending request and exits 6; --approval carries it out only once approved', async () => {
    const asked = await cli('enforce', 'off');
    expect(asked.code).toBe(6);
    expect(asked.stdout).toMatch(UUID_LINE);
    const id = asked.stdout.trim();
    expect(asked.stderr).toContain(ApprovalMessages.pending(APPROVAL_OPERATIONS['allowlist.enforcement_off'], 1));
    expect(await enforced()).toBe(true);

    const early = await cli('enforce', 'off', '--approval', id);
    expect(early.code).toBe(6);
    expect(early.stderr).toContain(ApprovalMessages.notApprovedYet(0, 1));

    await approver.of(approvalsApi).approveRequest({ params: { request_id: id }, body: {} });
    const done = await cli('enforce', 'off', '--approval', id);
    expect(done.stderr).toContain(`Request ${id} approved: carried out.`);
    expect(done.code).toBe(0);
    expect(await enforced()).toBe(false);
  });

  it('--wait waits for the approvers, then carries the operation out', async () => {
    expect((await cli('enforce', 'on')).code).toBe(0);
    const waiting = k.spawn(['allowlist', 'enforce', 'off', '--wait', '30'], { env: k.envOf(manager) });
    const [, id] = await waiting.stderrMatch(/Request ([0-9a-f-]{36})\./);
    await approver.of(approvalsApi).approveRequest({ params: { request_id: id! }, body: { reason: 'maintenance window' } });
    const { code, stdout } = await waiting.done;
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Account:\s+ACME\nEnforced:\s+no\n$/);
    expect(await enforced()).toBe(false);
  });

  it('exits 3 with the server\'s words once the request is denied, and 6 when --wait runs out', async () => {
    expect((await cli('enforce', 'on')).code).toBe(0);
    const asked = await cli('enforce', 'off', '--output', 'json');
    expect(asked.code).toBe(6);
    const id = (JSON.parse(asked.stdout) as { approval_request: { id: string } }).approval_request.id;

    const timedOut = await cli('enforce', 'off', '--approval', id, '--wait', '1');
    expect(timedOut.code).toBe(6);
    expect(timedOut.stderr).toContain(`Request ${id} was not approved within 1 s`);

    await approver.of(approvalsApi).denyRequest({ params: { request_id: id }, body: { reason: 'not now' } });
    const denied = await cli('enforce', 'off', '--approval', id);
    expect(denied.code).toBe(3);
    expect(denied.stderr).toContain(ApprovalMessages.notExecutable('denied'));
    expect(await enforced()).toBe(true);
  });
});
