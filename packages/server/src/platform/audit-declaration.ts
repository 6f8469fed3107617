import type { AuditAction } from '@keydeck/contract/audit-action';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { permittedAccount } from './account-access.ts';

/** What an event acted on: a description, or an id with the name a reader knows it by. */
export type AuditTarget = string | { id: string; name?: string | null };

/** Who acted, for a caller who is not signed in yet (sign-in, a mailed link); else the signed-in caller. */
export type AuditActor = { id?: string | null; username: string };

/** Facts a declaration's `before` read while they still existed: what the handler deletes or uses up. */
export type AuditBefore = Partial<Record<string, string>>;

/** What a route's audit declaration reads: the request's validated input and, once it succeeded, its result. */
export type AuditInput<Params = unknown, Body = unknown, Query = unknown, Result = unknown> = {
  params: Params;
  body: Body;
  query: Query;
  /** Undefined when the request was refused. */
  result: Result | undefined;
  /** What `before` read; empty when the request was refused before its handler ran. */
  before: AuditBefore;
  request: FastifyRequest;
  /** The event's transaction: the request's, or one of its own for a refusal (the request's was rolled back). */
  tx: Tx;
};

type Fact<T, Input> = (input: Input) => T | Promise<T>;

/**
 * A route's audit event, declared once beside its schema; the request pipeline writes it in the request's
 * transaction, and the error handler writes it for a refusal. Facts left out default to the caller.
 */
export type AuditDeclaration<Params = unknown, Body = unknown, Query = unknown, Result = unknown> = {
  /** Left out when the endpoint declaration names it (`audit`); never both. */
  action?: AuditAction;
  /** Reads facts in the request's transaction just before its handler runs, for the other facts' `before`. */
  before?: (input: Omit<AuditInput<Params, Body, Query>, 'result' | 'before'>) => Promise<AuditBefore>;
  target?: Fact<AuditTarget | undefined, AuditInput<Params, Body, Query, Result>>;
  /** The account whose log records the event: by default the caller's. */
  account?: Fact<string | null | undefined, AuditInput<Params, Body, Query, Result>>;
  actor?: Fact<AuditActor | undefined, AuditInput<Params, Body, Query, Result>>;
  /** Why, for a success; a refusal's reason is its error's. */
  reason?: Fact<string | undefined, AuditInput<Params, Body, Query, Result>>;
  /** The request went through but what it tried failed (a test message not delivered): the reason, recorded as a failure. */
  failure?: (result: Result) => string | undefined;
  /** Further actions a success recorded, with the same facts (a recovery code used to sign in). */
  also?: (input: AuditInput<Params, Body, Query, Result> & { result: Result }) => AuditAction[];
  /** A batch across accounts: one event on each account touched, in place of the request's one. */
  perAccount?: (input: AuditInput<Params, Body, Query, Result> & { result: Result }) => { account: string; target: AuditTarget }[];
};

/**
 * The account a call names (`account_id` in its params, body or query), as targetAccount resolves it; where that
 * answers 404 (a customer naming another account), undefined, so the refusal's event goes to the caller's own.
 */
export function namedAccount({ params, body, query, request }: AuditInput): string | undefined {
  if (!request.principal) return undefined;
  const ids = [params, body, query].map((source) => (source as { account_id?: unknown } | undefined)?.account_id);
  return permittedAccount(request.principal, ids.find((id) => typeof id === 'string')) ?? undefined;
}

/** namedAccount once the request succeeded, so the account is known to exist; a refusal goes to the caller's. */
export const existingNamedAccount = (input: AuditInput): string | undefined => (input.result === undefined ? undefined : namedAccount(input));

/**
 * Events on an account (`account_id` in the path), named and recorded in its log: `accountName` reads the name
 * before the change, so a refusal (a 409, a 400) goes to that log too; an account it does not know, to the caller's.
 */
export function onPathAccount(accountName: (tx: Tx, accountId: string) => Promise<string | undefined>) {
  return {
    before: async ({ params, tx }: { params: { account_id: string }; tx: Tx }): Promise<AuditBefore> => {
      const name = await accountName(tx, params.account_id);
      return name ? { account: params.account_id, name } : {};
    },
    target: ({ params, before }: AuditInput<{ account_id: string }>) => ({ id: params.account_id, name: before.name ?? null }),
    account: ({ before }: AuditInput) => before.account,
  };
}

/** A batch's targets grouped into one event per account, for `perAccount`. */
export function perAccountOf(items: { account: string; target: string }[]): { account: string; target: string }[] {
  const byAccount = new Map<string, string[]>();
  for (const { account, target } of items) byAccount.set(account, [...(byAccount.get(account) ?? []), target]);
  return [...byAccount].map(([account, targets]) => ({ account, target: targets.join(', ') }));
}
