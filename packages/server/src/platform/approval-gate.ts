import type { ApprovalOperation, ApprovalPending } from '@keydeck/contract/approvals';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import type { Principal } from './principal.ts';

/** What the request pipeline knows of a call to an operation that can need approval. */
export type GatedCall = {
  /** The call itself, for what must wait until its transaction commits (the approvers' mail). */
  request: FastifyRequest;
  tx: Tx;
  principal: Principal;
  operation: ApprovalOperation;
  service: { id: string; name: string } | null;
  /** The call as asked: what an approval binds. */
  call: { method: string; path: string; query: Record<string, unknown>; body: unknown };
  /** The Approval-Request header, when the caller carries out an approved request. */
  requestId: string | undefined;
};

/** Who approved a request that is being carried out, for the operation's own audit event. */
export type Approved = { requestId: string; approvers: string[] };

/**
 * The approvals module's gate (injected, so the pipeline needs no module): null when no policy applies, the
 * pending request to answer (202) instead of running the handler, or the approved request being carried out.
 */
export type ApprovalGate = (call: GatedCall) => Promise<{ pending: ApprovalPending } | { approved: Approved } | null>;
