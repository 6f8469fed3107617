import type { AuthInfo, LoginRequest } from '@keydeck/contract/auth';
import { Messages } from '@keydeck/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { securityRefusal } from '../../platform/errors.ts';
import { addressAllowed } from '../../platform/ip-ranges.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Principal } from '../../platform/principal.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { flowsOf } from '../allowed-flows/allowed-flows.service.ts';
import * as repo from './auth.repository.ts';

/**
 * Brute force is slowed, never answered with a lock anyone could trigger (NIST SP 800-63B §5.2.2; Keycloak's
 * brute-force detection without its permanent lock-out): `perSource` failures of a username from one address are
 * free, then each attempt from there waits twice as long as the last, up to maxWaitSeconds; `perUsername` failures
 * from addresses the user never signed in from hold up those addresses the same way. An address the user signed
 * in from before (password and second factor) is held up only by its own failures.
 */
export type SignInPolicy = { perSource: number; perUsername: number; maxWaitSeconds: number };
/** null: go ahead; else the seconds to wait before the next attempt. */
export type SignInAttempt = { waitSeconds: number | null };
export type SignInResult =
  | { ok: true; userId: string; accountId: string; nextFactor: 'totp' | 'u2f' | null }
  | { ok: false; reason: string; accountId: string | null; waitSeconds?: number };

/** The session's view of the signed-in user, as spec §3 shapes it. */
export function toAuthInfo(principal: Principal): AuthInfo {
  return {
    user: {
      name: principal.name,
      email: principal.email,
      account_id: principal.account.id,
      mfa_enforced: principal.mfaEnforced,
    },
    company: {
      id: principal.account.id,
      name: principal.account.name,
      api_name: principal.account.apiName,
      account_slug: principal.account.accountSlug,
    },
    permissions: [...principal.permissions],
    // Services arrive with their own capability; until then a session has none.
    permissible_services: [],
    fully_logged_in: principal.nextFactor === null,
    next_factor: principal.nextFactor,
    mfa_enabled: principal.mfaEnabled,
  };
}

/**
 * Counts a sign-in attempt against its username and source address in a committed transaction of its own, before
 * the password is checked, so the count survives the refusal and parallel attempts cannot slip past a wait.
 */
export function countSignInAttempt(db: Db, username: string, address: string, policy: SignInPolicy): Promise<SignInAttempt> {
  const name = username.toLowerCase();
  const { maxWaitSeconds } = policy;
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const fromHere = await repo.reserveThrottledAttempt(tx, { username: name, source: address }, { free: policy.perSource, maxWaitSeconds });
    if (fromHere !== null || (await repo.isFamiliarSource(tx, name, address))) return { waitSeconds: fromHere };
    const fromAnywhere = await repo.reserveThrottledAttempt(tx, { username: name, source: '' }, { free: policy.perUsername, maxWaitSeconds });
    return { waitSeconds: fromAnywhere };
  });
}

/**
 * Password re-entry by a signed-in user (turning a factor off, new recovery codes, removing a security key,
 * changing the password) counts against the same throttle as sign-in, reserved in a committed
 * transaction of its own before the password is checked: whoever finds a session left open cannot guess the
 * password here either. A right password clears the count (passwordConfirmed). A route's preHandler.
 */
export function passwordReentryThrottle(deps: Pick<AppDeps, 'db' | 'config'>) {
  const policy = deps.config.login.throttle;
  return async (request: FastifyRequest): Promise<void> => {
    const principal = request.principal;
    if (!principal) return; // refused by the route's own session check
    const attempt = await countSignInAttempt(deps.db, principal.username, request.ip, policy);
    if (attempt.waitSeconds !== null) {
      throw securityRefusal(429, 'password_reentry_throttled', Messages.passwordReentryLocked, { 'retry-after': String(attempt.waitSeconds) });
    }
  };
}

/** A signed-in user re-entered their password correctly: their failed attempts no longer count. */
export function passwordConfirmed(tx: Tx, username: string): Promise<void> {
  return repo.clearSignInFailures(tx, username.toLowerCase());
}

/**
 * Checks a username and password, then the account's IP allowlist. Every credential failure (unknown user,
 * wrong password, disabled, locked) does the same work and gets the same answer; the reason is for the audit
 * trail. Only a caller who proved the password learns that their address is refused, or that their account
 * does not allow password sign-in.
 */
/** The user a username names (unique platform-wide), for the audit trail of flows that precede sign-in. */
export async function userNamed(tx: Tx, username: string): Promise<{ id: string; accountId: string } | undefined> {
  const user = await repo.findUserForSignIn(tx, username.toLowerCase());
  return user && { id: user.id, accountId: user.accountId };
}

export async function verifyCredentials(
  tx: Tx,
  input: LoginRequest,
  attempt: SignInAttempt,
  clientAddress: string,
): Promise<SignInResult> {
  const username = input.username.toLowerCase();
  const user = await repo.findUserForSignIn(tx, username);
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  const accountId = user?.accountId ?? null;

  if (attempt.waitSeconds !== null) return { ok: false, reason: 'throttled', accountId, waitSeconds: attempt.waitSeconds };
  if (!user || !passwordMatches) return { ok: false, reason: 'invalid_credentials', accountId };
  if (user.disabled) return { ok: false, reason: 'user_disabled', accountId };
  // Told only after the password proved right: a wrong password gets the same answer as anywhere else.
  if (!(await flowsOf(tx, user.accountId)).password) return { ok: false, reason: 'password_flow_not_allowed', accountId };
  if (!addressAllowed(clientAddress, user.allowedRanges)) return { ok: false, reason: 'ip_not_allowed', accountId };
  await repo.clearSignInFailures(tx, username);
  // A user with a second factor gets a partial session: the factor is still owed. Security keys come first
  // when a user has both; the key step still takes an app code or a recovery code in their place.
  const nextFactor = user.hasSecurityKey ? 'u2f' : user.totpConfirmed ? 'totp' : null;
  return { ok: true, userId: user.id, accountId: user.accountId, nextFactor };
}
