import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, uuidArray } from '../../db/raw-sql.ts';

export type PolicyRow = { operation: string; enabled: boolean; required_approvals: number; approver_role_id: string; role_name: string; wait_hours: number };
export type RequestRow = {
  id: string;
  account_id: string;
  service_id: string | null;
  service_name: string | null;
  operation: string;
  digest: string;
  call: { method: string; path: string; query: Record<string, unknown>; body: unknown };
  requested_by: string | null;
  requested_by_name: string;
  required_approvals: number;
  approver_role_id: string;
  role_name: string;
  state: string;
  created_at: Date;
  expires_at: Date;
  executed_at: Date | null;
};
export type DecisionRow = { request_id: string; approver_id: string | null; approver_name: string; decision: 'approve' | 'deny'; reason: string | null; decided_at: Date };

export const policies = (tx: Tx, accountId: string) =>
  rowsOf<PolicyRow>(
    tx,
    sql`select p.operation, p.enabled, p.required_approvals, p.approver_role_id, r.name as role_name, p.wait_hours
      from approval_policies p join roles r on r.id = p.approver_role_id where p.account_id = ${accountId}`,
  );

/** The policy guarding one operation, if on: asked on every call to a guarded operation, so one row by its key. */
export async function enabledPolicy(tx: Tx, accountId: string, operation: string): Promise<Omit<PolicyRow, 'role_name'> | undefined> {
  const [row] = await rowsOf<Omit<PolicyRow, 'role_name'>>(
    tx,
    sql`select operation, enabled, required_approvals, approver_role_id, wait_hours
      from approval_policies where account_id = ${accountId} and operation = ${operation} and enabled`,
  );
  return row;
}

export async function setPolicy(tx: Tx, accountId: string, actor: string, policy: Omit<PolicyRow, 'role_name'>): Promise<void> {
  await tx.execute(sql`insert into approval_policies (account_id, operation, enabled, required_approvals, approver_role_id, wait_hours, updated_by)
    values (${accountId}, ${policy.operation}, ${policy.enabled}, ${policy.required_approvals}, ${policy.approver_role_id}, ${policy.wait_hours}, ${actor})
    on conflict (account_id, operation) do update set enabled = excluded.enabled, required_approvals = excluded.required_approvals,
      approver_role_id = excluded.approver_role_id, wait_hours = excluded.wait_hours, updated_by = excluded.updated_by, updated_at = now()`);
}

export const roles = (tx: Tx, accountId: string) => rowsOf<{ id: string; name: string }>(tx, sql`select id, name from roles where account_id = ${accountId} order by name`);

/** Who to tell that a request waits: the role's holders other than the requester. */
export const approversToTell = (tx: Tx, roleId: string, requesterId: string) =>
  rowsOf<{ username: string; email: string }>(
    tx,
    sql`select u.username, u.email from users u join user_roles ur on ur.user_id = u.id where ur.role_id = ${roleId} and u.id <> ${requesterId} order by u.username`,
  );

/** The holders of a role, with the ids the decisions record. */
export const holders = (tx: Tx, roleId: string) =>
  rowsOf<{ user_id: string }>(tx, sql`select user_id from user_roles where role_id = ${roleId}`);

const SELECT_REQUEST = sql`select q.*, r.name as role_name from approval_requests q join roles r on r.id = q.approver_role_id`;

export async function insertRequest(
  tx: Tx,
  request: Pick<RequestRow, 'account_id' | 'service_id' | 'service_name' | 'operation' | 'digest' | 'call' | 'requested_by' | 'requested_by_name' | 'required_approvals' | 'approver_role_id'>,
  waitHours: number,
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into approval_requests (account_id, service_id, service_name, operation, digest, call, requested_by, requested_by_name, required_approvals, approver_role_id, expires_at)
      values (${request.account_id}, ${request.service_id}, ${request.service_name}, ${request.operation}, ${request.digest}, ${JSON.stringify(request.call)}::jsonb,
        ${request.requested_by}, ${request.requested_by_name}, ${request.required_approvals}, ${request.approver_role_id}, now() + make_interval(hours => ${waitHours}))
      returning id`,
  );
  return row!.id;
}

/** One request of the account; forUpdate holds it, so two decisions or two executions never race. */
export async function findRequest(tx: Tx, accountId: string, id: string, forUpdate = false): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(tx, sql`${SELECT_REQUEST} where q.account_id = ${accountId} and q.id = ${id} ${forUpdate ? sql`for update of q` : sql``}`);
  return row;
}

export const listRequests = (tx: Tx, accountId: string) =>
  rowsOf<RequestRow>(tx, sql`${SELECT_REQUEST} where q.account_id = ${accountId} order by (q.state in ('pending', 'approved')) desc, q.created_at desc limit 200`);

export const decisionsOf = (tx: Tx, requestIds: string[]) =>
  requestIds.length === 0
    ? Promise.resolve([] as DecisionRow[])
    : rowsOf<DecisionRow>(
        tx,
        sql`select request_id, approver_id, approver_name, decision, reason, decided_at from approval_decisions
          where request_id = any(${uuidArray(requestIds)}) order by decided_at, id`,
      );

export async function addDecision(tx: Tx, accountId: string, decision: Omit<DecisionRow, 'decided_at'>): Promise<void> {
  await tx.execute(sql`insert into approval_decisions (account_id, request_id, approver_id, approver_name, decision, reason)
    values (${accountId}, ${decision.request_id}, ${decision.approver_id}, ${decision.approver_name}, ${decision.decision}, ${decision.reason})`);
}

export async function setState(tx: Tx, id: string, state: 'approved' | 'executed' | 'denied' | 'cancelled'): Promise<void> {
  await tx.execute(sql`update approval_requests set state = ${state}${state === 'executed' ? sql`, executed_at = now()` : sql``} where id = ${id}`);
}
